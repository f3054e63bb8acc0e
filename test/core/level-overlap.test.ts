// One cue, one signal: a suggestion that overlaps a warning of its own rule is
// not reported; everything else is.
import { describe, expect, it } from 'vitest';
import { hasBothLevels, withoutCoveredSuggestions } from '../../src/core/scanner/level-overlap';

type Level = 'warning' | 'suggestion';
const span = (ruleId: string, level: Level, start: number, end: number) => ({ ruleId, level, start, end });

describe('withoutCoveredSuggestions', () => {
  it('drops a suggestion inside, across the start of, or across the end of a warning of its rule', () => {
    const warning = span('meta-framing', 'warning', 10, 20);
    const inside = span('meta-framing', 'suggestion', 12, 18);
    const acrossStart = span('meta-framing', 'suggestion', 5, 11);
    const acrossEnd = span('meta-framing', 'suggestion', 19, 25);
    const spans = [acrossStart, warning, inside, acrossEnd].sort((a, b) => a.start - b.start);
    expect(withoutCoveredSuggestions(spans)).toEqual([warning]);
  });

  it('keeps a suggestion that only touches a warning, one of another rule, and every warning', () => {
    const warning = span('meta-framing', 'warning', 10, 20);
    const before = span('meta-framing', 'suggestion', 4, 10);
    const after = span('meta-framing', 'suggestion', 20, 30);
    const otherRule = span('word-choice', 'suggestion', 12, 18);
    const secondWarning = span('meta-framing', 'warning', 15, 25);
    const spans = [before, warning, otherRule, secondWarning, after];
    expect(withoutCoveredSuggestions(spans)).toEqual([before, warning, otherRule, secondWarning]);
  });

  it('keeps everything when one level is missing', () => {
    const spans = [span('a', 'suggestion', 0, 5), span('a', 'suggestion', 2, 8)];
    expect(withoutCoveredSuggestions(spans)).toEqual(spans);
  });
});

describe('hasBothLevels', () => {
  it('is true only when one rule has records of both levels', () => {
    expect(
      hasBothLevels([
        { ruleId: 'a', level: 'warning' },
        { ruleId: 'b', level: 'suggestion' },
      ]),
    ).toBe(false);
    expect(
      hasBothLevels([
        { ruleId: 'a', level: 'warning' },
        { ruleId: 'a', level: 'suggestion' },
      ]),
    ).toBe(true);
  });
});
