// The one knob for the size of the property and fuzz runs: a plain
// `npm test` runs them at scale 1, `.ci/run` sets WRITING_RULES_TEST_SCALE.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EXHAUSTIVE_SCALE,
  isExhaustive,
  MAX_TEST_SCALE,
  parseTestScale,
  sampledCase,
  scaled,
  scaledTimeout,
  TEST_SCALE_VARIABLE,
} from '../test-scale';

describe('parseTestScale', () => {
  it('is 1 when the variable is unset or empty', () => {
    expect(parseTestScale(undefined)).toBe(1);
    expect(parseTestScale('')).toBe(1);
    expect(parseTestScale('  ')).toBe(1);
  });

  it('reads a positive multiplier up to the bound', () => {
    expect(parseTestScale('4')).toBe(4);
    expect(parseTestScale('0.5')).toBe(0.5);
    expect(parseTestScale(String(MAX_TEST_SCALE))).toBe(MAX_TEST_SCALE);
  });

  it.each(['0', '-2', 'four', 'NaN', 'Infinity', String(MAX_TEST_SCALE + 1)])('refuses %j, naming the variable and the bound', (value) => {
    expect(() => parseTestScale(value)).toThrow(
      `${TEST_SCALE_VARIABLE} must be a number above 0 and at most ${MAX_TEST_SCALE} (got '${value}')`,
    );
  });
});

describe('scaled', () => {
  it('multiplies and rounds, and never runs fewer than one case', () => {
    expect(scaled(100, 1)).toBe(100);
    expect(scaled(100, 4)).toBe(400);
    expect(scaled(1.5, 1)).toBe(2);
    expect(scaled(1.5, 4)).toBe(6);
    expect(scaled(10, 0.01)).toBe(1);
  });
});

describe('scaledTimeout', () => {
  it('grows a time bound with the scale and never shrinks it below the bound written', () => {
    expect(scaledTimeout(60_000, 4)).toBe(240_000);
    expect(scaledTimeout(60_000, 1)).toBe(60_000);
    expect(scaledTimeout(60_000, 0.25)).toBe(60_000);
  });
});

describe('the exhaustive scale', () => {
  it('runs every case and the slowest ones at EXHAUSTIVE_SCALE and above, a spread share below it', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter((i) => sampledCase(i, 1))).toEqual([4, 8]);
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter((i) => sampledCase(i, 2))).toEqual([2, 4, 6, 8]);
    expect([1, 2, 3].every((i) => sampledCase(i, EXHAUSTIVE_SCALE))).toBe(true);
    expect([isExhaustive(1), isExhaustive(EXHAUSTIVE_SCALE - 1), isExhaustive(EXHAUSTIVE_SCALE), isExhaustive(10)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('.ci/run', () => {
  // The counts at scale 1 are a quarter of what CI ran before the knob existed; CI must keep at least that depth.
  it(`sets ${TEST_SCALE_VARIABLE} to at least the exhaustive scale for the whole suite`, () => {
    const script = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    const setting = new RegExp(`^export ${TEST_SCALE_VARIABLE}=(\\S+)$`, 'm').exec(script);
    expect(setting, `.ci/run exports ${TEST_SCALE_VARIABLE}`).not.toBeNull();
    expect(parseTestScale(setting?.[1])).toBeGreaterThanOrEqual(EXHAUSTIVE_SCALE);
  });
});
