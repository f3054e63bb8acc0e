// The shape every benchmark module returns: one line of the table.
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';

/** One measured line: a value per language (or one for both) and its target. */
export interface Row {
  readonly measure: string;
  readonly en: string;
  readonly de: string;
  readonly target: string;
  /** Whether every measured value meets the target; null when there is no target. */
  readonly met: boolean | null;
}

/** What every row module receives: the records, the prose and the scanner under test. */
export interface BenchContext {
  readonly records: readonly CompiledSignalRecord[];
  readonly prose: Readonly<Record<'en' | 'de', { text: string } | { skipped: string }>>;
}

/** A ratio to two significant places, e.g. `0.55×` or `13×`. */
export function ratio(value: number): string {
  return `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}×`;
}

/** Milliseconds with two decimals. */
export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

/** The German cell when German prose could not be built. */
export const SKIPPED = 'skipped';

/**
 * The median of the round-by-round ratios `ours[i] / theirs[i]`: samples taken
 * in alternation share a round's load, so a burst of load from other
 * processes moves both sides of a ratio rather than one median.
 */
export function pairedRatio(ours: readonly number[], theirs: readonly number[]): number {
  return median(ours.map((value, round) => value / (theirs[round] as number)));
}

/** The middle value (of an even count, the upper of the two middle ones). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1] as number;
}

/**
 * The row for a measurement that could not be taken: the first line of the
 * error as its reason. A row with a target counts as not met, so a failed
 * measurement never reads as a pass.
 */
export function notMeasured(measure: string, error: unknown, target = ''): Row {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return { measure, en: `not measured: ${reason}`, de: '', target, met: target === '' ? null : false };
}
