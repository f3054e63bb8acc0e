// How many cases the property, fuzz and differential tests run. A plain
// `npm test` runs them at scale 1, a quick loop for a contributor; `.ci/run`
// sets WRITING_RULES_TEST_SCALE higher, so CI runs each at least as many
// cases as the count written beside it times the scale.

export const TEST_SCALE_VARIABLE = 'WRITING_RULES_TEST_SCALE';
/** The largest multiplier: beyond it one property run takes hours. */
export const MAX_TEST_SCALE = 1000;

/** The multiplier `value` gives: 1 when unset or empty; a positive number up to MAX_TEST_SCALE, or an error naming the variable and the bound. */
export function parseTestScale(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_TEST_SCALE) {
    throw new Error(`${TEST_SCALE_VARIABLE} must be a number above 0 and at most ${MAX_TEST_SCALE} (got '${value}')`);
  }
  return scale;
}

/** The multiplier of this run. */
export const TEST_SCALE = parseTestScale(process.env[TEST_SCALE_VARIABLE]);

/** `count` cases times the scale of this run, rounded, and at least one. */
export function scaled(count: number, scale: number = TEST_SCALE): number {
  return Math.max(1, Math.round(count * scale));
}

/**
 * A time bound for a test whose case count is scaled: `ms` times the scale,
 * never less than `ms`. A bound against hanging, not a timing.
 */
export function scaledTimeout(ms: number, scale: number = TEST_SCALE): number {
  return Math.round(ms * Math.max(1, scale));
}

/** The scale at which an exhaustive test runs every one of its cases; `.ci/run` runs at it. */
export const EXHAUSTIVE_SCALE = 4;

/**
 * Whether case number `index` of an exhaustive test runs at this scale: every
 * case at EXHAUSTIVE_SCALE or above, below it an evenly spread share of
 * `scale / EXHAUSTIVE_SCALE` (every second case at 2, every fourth at 1).
 */
export function sampledCase(index: number, scale: number = TEST_SCALE): boolean {
  const stride = Math.max(1, Math.ceil(EXHAUSTIVE_SCALE / scale));
  return index % stride === 0;
}

/** Whether this run is at EXHAUSTIVE_SCALE or above, where the slowest cases of a test run too. */
export function isExhaustive(scale: number = TEST_SCALE): boolean {
  return scale >= EXHAUSTIVE_SCALE;
}
