// The build's linear-time proof accepts what compilePhrases produces and
// refuses sources that backtrack super-linearly or that recheck cannot decide.
import { describe, expect, it } from 'vitest';
import { linearTimeFailures, recordLinearTimeFailures } from '../../scripts/catalogue/linear-time';
import {
  compilePhrases,
  compileRecordSource,
  MAX_CLAUSE_GUARD_GAP,
  MAX_GUARD_GAP,
  MAX_NUMERIC_GAP,
  MAX_PAIR_GAP,
  MULTIPLIER_WORDS,
  numberSkeleton,
  numberSource,
  RECORD_FLAGS,
  reversedNumberSkeleton,
  WORD_CHAR,
} from '../../src/core/scanner/phrase-pattern';
import { isExhaustive } from '../test-scale';

/** The largest reach of a numeric comparison a plain `npm test` proves (see below). */
const CHEAP_NUMERIC_REACH = 1;

const edged = (core: string) => `(?<!${WORD_CHAR})(?:${core})(?!${WORD_CHAR})`;

describe('linearTimeFailures', () => {
  it('proves a record of words, multi-word phrases, apostrophes and punctuation', () => {
    const source = compilePhrases([
      'powerful',
      'cutting-edge',
      "it's worth noting that",
      'es sei darauf hingewiesen, dass',
      'a.k.a. (so called)',
      'one two three four five six',
    ]);
    expect(linearTimeFailures(source, RECORD_FLAGS)).toEqual([]);
  });

  it('refuses two white-space loops in a row, naming the alternative', () => {
    const failures = linearTimeFailures(edged(String.raw`ab|a\s+\s+b`), RECORD_FLAGS);
    expect(failures).toEqual([{ alternative: 1, reason: 'recheck: vulnerable, polynomial time' }]);
  });

  it('refuses a white-space loop that no word precedes', () => {
    const failures = linearTimeFailures(edged(String.raw`\s+b`), RECORD_FLAGS);
    expect(failures).toEqual([{ alternative: 0, reason: 'recheck: vulnerable, polynomial time' }]);
  });

  it('analyses a source outside the compiled shape as a whole and refuses nested quantifiers', () => {
    const failures = linearTimeFailures(edged('(?:a|a)+b'), RECORD_FLAGS);
    expect(failures).toEqual([{ alternative: null, reason: 'recheck: vulnerable, exponential time' }]);
  });

  it("finds the guard's reversed skeleton quadratic without the guard's (?=\\S): why the guard has it", () => {
    const [failure] = linearTimeFailures(String.raw`\s+(?:[^\s.,!?;:\uFFFC]+\s+){0,1}x`, RECORD_FLAGS);
    expect(failure?.reason).toBe('recheck: vulnerable, polynomial time');
  });

  it("finds the gap guard's skeleton quadratic without the white space before a gap word: why it only runs there", () => {
    const [failure] = linearTimeFailures(String.raw`[^\s.!?;:\uFFFC\p{L}\p{Nd}_]*x`, RECORD_FLAGS);
    expect(failure?.reason).toBe('recheck: vulnerable, polynomial time');
  });

  it('refuses what recheck cannot decide', () => {
    const [failure] = linearTimeFailures(String.raw`(?<=a)\s+b`, RECORD_FLAGS);
    expect(failure?.reason).toMatch(/^recheck: could not decide \(unsupported/);
  });
});

describe('recordLinearTimeFailures', () => {
  const pair = (within: number) => ({ first: ['not only', 'not just'], then: ['but', 'but also'], within });

  it('proves records with bounded pairs at every allowed gap', () => {
    for (const within of [0, 1, 4, MAX_PAIR_GAP]) {
      const patterns = { phrases: ['powerful'], pairs: [pair(within)] };
      expect(recordLinearTimeFailures(patterns, compileRecordSource(patterns), RECORD_FLAGS)).toEqual([]);
    }
  }, 120_000);

  it('refuses a source that is not what the phrases and pairs compile to', () => {
    const patterns = { phrases: ['powerful'], pairs: [pair(2)] };
    expect(recordLinearTimeFailures(patterns, compilePhrases(['powerful']), RECORD_FLAGS)).toEqual([
      { part: 'source', reason: 'is not what the phrases, pairs and guard compile to' },
    ]);
  });

  it('proves a record with a guard of negations, and refuses a source that drops the guard', () => {
    const patterns = {
      phrases: ['the fastest', 'always'],
      pairs: [pair(2)],
      notAfter: { words: ['not', "isn't", 'never', 'a.k.a.'], within: 0 },
    };
    for (const within of [0, MAX_GUARD_GAP]) {
      const guarded = { ...patterns, notAfter: { ...patterns.notAfter, within } };
      expect(recordLinearTimeFailures(guarded, compileRecordSource(guarded), RECORD_FLAGS)).toEqual([]);
    }
    const unguarded = compileRecordSource({ phrases: patterns.phrases, pairs: patterns.pairs });
    expect(recordLinearTimeFailures(patterns, unguarded, RECORD_FLAGS)).toEqual([
      { part: 'source', reason: 'is not what the phrases, pairs and guard compile to' },
    ]);
  }, 120_000);

  it('proves a record with a negation guard and a clause guard at every reach, and names a bad clause guard word', () => {
    const base = { phrases: ['der schnellste', 'perfekt'], pairs: [pair(1)], notAfter: { words: ['nicht'], within: 1 } };
    for (let within = 0; within <= MAX_CLAUSE_GUARD_GAP; within++) {
      const guarded = { ...base, notAfterInClause: { words: ['möglicherweise', 'daher', 'versucht'], within } };
      expect(recordLinearTimeFailures(guarded, compileRecordSource(guarded), RECORD_FLAGS)).toEqual([]);
    }
    const bad = { ...base, notAfterInClause: { words: ['laut Tests'], within: 3 } };
    expect(recordLinearTimeFailures(bad, compileRecordSource(bad), RECORD_FLAGS)).toEqual([
      { part: 'notAfterInClause', reason: '"laut Tests": must be one literal word' },
    ]);
  }, 120_000);

  it('proves a record with a forward guard at every reach, and names a bad forward guard word', () => {
    const base = { phrases: ['powerful', 'faster', 'note that'], pairs: [pair(1)], notAfterInClause: { words: ['daher'], within: 2 } };
    for (let within = 0; within <= MAX_CLAUSE_GUARD_GAP; within++) {
      const guarded = { ...base, notBeforeInClause: { words: ['enough', 'than', '(about', 'deprecated'], within } };
      expect(recordLinearTimeFailures(guarded, compileRecordSource(guarded), RECORD_FLAGS)).toEqual([]);
    }
    const bad = { ...base, notBeforeInClause: { words: ['does not'], within: 3 } };
    expect(recordLinearTimeFailures(bad, compileRecordSource(bad), RECORD_FLAGS)).toEqual([
      { part: 'notBeforeInClause', reason: '"does not": must be one literal word' },
    ]);
    const unguarded = compileRecordSource(base);
    expect(recordLinearTimeFailures({ ...base, notBeforeInClause: { words: ['enough'], within: 1 } }, unguarded, RECORD_FLAGS)).toEqual([
      { part: 'source', reason: 'is not what the phrases, pairs and guard compile to' },
    ]);
  }, 120_000);

  it('proves records whose pairs keep guard words out of their gap at every allowed gap, and names a bad gap guard word', () => {
    const notInGap = { words: ['nicht', 'nie', "isn't", '(nicht'] };
    for (const within of [0, 1, 4, MAX_PAIR_GAP]) {
      const patterns = { phrases: ['powerful'], pairs: [pair(within)], notInGap };
      expect(recordLinearTimeFailures(patterns, compileRecordSource(patterns), RECORD_FLAGS)).toEqual([]);
    }
    const bad = { phrases: ['powerful'], pairs: [pair(2)], notInGap: { words: ['nicht', 'noch nicht'] } };
    expect(recordLinearTimeFailures(bad, compileRecordSource(bad), RECORD_FLAGS)).toEqual([
      { part: 'notInGap', reason: '"noch nicht": must be one literal word' },
    ]);
    const unguarded = compileRecordSource({ phrases: ['powerful'], pairs: [pair(2)] });
    expect(recordLinearTimeFailures({ phrases: ['powerful'], pairs: [pair(2)], notInGap }, unguarded, RECORD_FLAGS)).toEqual([
      { part: 'source', reason: 'is not what the phrases, pairs and guard compile to' },
    ]);
  }, 180_000);

  it('refuses a guard word that is not one literal word', () => {
    const patterns = { phrases: ['the fastest'], pairs: [], notAfter: { words: ['not', 'is not'], within: 1 } };
    expect(recordLinearTimeFailures(patterns, compileRecordSource(patterns), RECORD_FLAGS)).toEqual([
      { part: 'notAfter', reason: '"is not": must be one literal word' },
    ]);
  });

  // recheck's automaton grows steeply with the reach: on a first run (the
  // verdicts are cached under node_modules/.cache) reach 1 takes seconds,
  // reach 2 four times that, reach 4 with a marker minutes. A plain `npm test`
  // proves every shape up to CHEAP_NUMERIC_REACH; at the exhaustive scale
  // (`.ci/run`) every reach up to MAX_NUMERIC_GAP. The build proves the
  // catalogue's own comparisons at their reach on every run.
  const numericReach = isExhaustive() ? MAX_NUMERIC_GAP : CHEAP_NUMERIC_REACH;
  it(`proves records with numeric comparisons on both sides, with and without a marker, at every reach up to ${numericReach}`, () => {
    for (let within = 0; within <= numericReach; within++) {
      const patterns = {
        phrases: ['powerful'],
        pairs: [pair(1)],
        numericComparisons: [
          { words: ['faster', 'as fast', 'weniger'], number: 'before' as const, within },
          { words: ['faster'], number: 'before' as const, within, marker: ['times'] },
          { words: ['cuts', 'speeds up'], number: 'after' as const, within, marker: ['by', 'um'] },
          { words: ['spart'], number: 'after' as const, within },
          { words: ['halves', 'verdoppelt'], number: 'word' as const, within: 0 },
        ],
        notBeforeInClause: { words: ['according', 'laut'], within: 6 },
      };
      expect(recordLinearTimeFailures(patterns, compileRecordSource(patterns), RECORD_FLAGS)).toEqual([]);
    }
    const plain = { phrases: ['powerful'], pairs: [] };
    expect(
      recordLinearTimeFailures(
        { ...plain, numericComparisons: [{ words: ['faster'], number: 'before', within: 1 }] },
        compileRecordSource(plain),
        RECORD_FLAGS,
      ),
    ).toEqual([{ part: 'source', reason: 'is not what the phrases, pairs and guard compile to' }]);
  }, 900_000);

  it("reads a number the same from either side: the look-behind's skeleton is the number reversed", () => {
    const numbers = [
      '40',
      '40 %',
      '40%',
      '1.5x',
      '3×',
      '3 ×',
      '10,000',
      '2,5',
      '10-fold',
      '10fold',
      '3-fach',
      '3fach',
      '3-mal',
      '3mal',
      '1.2.3',
      '2-4x',
      '3–20',
      '2,5-3,5 %',
    ];
    const nonNumbers = ['40 x', '%40', 'x3', '1.', '.5', '3  %', 'fold', '3--fold', '2-', '-4', '2-4-6'];
    const whole = (source: string) => new RegExp(`^(?:${source})$`, 'iu');
    for (const [texts, isNumber] of [
      [numbers, true],
      [nonNumbers, false],
    ] as const) {
      for (const text of texts) {
        const reversed = [...text].reverse().join('');
        expect([
          text,
          whole(numberSource()).test(text),
          whole(numberSkeleton()).test(text),
          whole(reversedNumberSkeleton()).test(reversed),
        ]).toEqual([text, isNumber, isNumber, isNumber]);
      }
    }
    // Multiplier words are one literal each: `x` in both skeletons.
    for (const word of MULTIPLIER_WORDS) expect(whole(numberSource()).test(word)).toBe(true);
  });
});
