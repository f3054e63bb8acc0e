// What a caller of createSignalScanner sees: spans, positions, order, selection.
import { describe, expect, it } from 'vitest';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { FIXTURE_RECORDS, FIXTURE_RULE_IDS } from './scanner-fixtures';

const scan = createSignalScanner(FIXTURE_RECORDS);
const all = (text: string, language: 'en' | 'de' = 'en') => scan({ text, language, ruleIds: FIXTURE_RULE_IDS });

describe('createSignalScanner', () => {
  it('reports a signal with the documented shape', () => {
    expect(all('A powerful review panel.')).toEqual([
      {
        ruleId: 'word-choice',
        patternId: 'word-choice.en',
        level: 'warning',
        kind: 'surface-cue',
        quote: 'powerful',
        start: 2,
        end: 10,
        encoding: 'utf16',
        reviewRequired: true,
        line: 1,
        column: 3,
      },
    ]);
  });

  it('quotes exactly text.slice(start, end)', () => {
    const text = 'In fact, THIS ENSURES that it is Seamless.';
    for (const signal of all(text)) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  });

  it('reports overlapping matches of different rules, sorted by start, end, rule', () => {
    const spans = all('this ensures').map((s) => [s.start, s.end, s.ruleId, s.quote]);
    expect(spans).toEqual([
      [0, 4, 'concrete-subject', 'this'],
      [0, 12, 'unsupported-causality', 'this ensures'],
    ]);
  });

  it('matches whole words only, in any script', () => {
    expect(all('keys monkey key_ _key 1key жkey keyж key')).toEqual([expect.objectContaining({ start: 37, quote: 'key' })]);
  });

  it('counts lines at \\n, \\r\\n and \\r, and columns in UTF-16 units', () => {
    const text = 'a\r\nb\rc\nd 😀 key\u2028key';
    expect(all(text).map((s) => [s.line, s.column])).toEqual([
      [4, 6],
      [4, 10],
    ]);
  });

  it('folds case like the Unicode flag: ẞ matches ß, İ does not match i', () => {
    expect(all('STRAẞE', 'de').map((s) => s.quote)).toEqual(['STRAẞE']);
    expect(all('İst', 'de')).toEqual([]);
  });

  it('scans only the selected rules in the requested language', () => {
    const signals = scan({ text: 'This ensures es ist powerful.', language: 'en', ruleIds: ['word-choice'] });
    expect(signals.map((s) => s.patternId)).toEqual(['word-choice.en']);
    expect(scan({ text: 'es ist', language: 'en', ruleIds: FIXTURE_RULE_IDS })).toEqual([]);
    expect(scan({ text: 'powerful', language: 'en', ruleIds: [] })).toEqual([]);
  });

  it('with a limit, returns the first limit + 1 signals, enough to tell that more exist', () => {
    const request = { text: 'key this key it key', language: 'en' as const, ruleIds: FIXTURE_RULE_IDS };
    expect(scan({ ...request, limit: 2 }).map((s) => s.start)).toEqual([0, 4, 9]);
    expect(scan({ ...request, limit: 5 })).toHaveLength(5);
  });

  it('reports each signal at its record’s level, and runs no record below minLevel', () => {
    const text = 'Note that, in fact, the fact that it works is key.';
    expect(all(text).map((s) => [s.quote, s.patternId, s.level])).toEqual([
      ['Note', 'meta-framing.en.suggestion', 'suggestion'],
      ['Note that', 'meta-framing.en', 'warning'],
      ['in', 'concrete-subject.en', 'warning'],
      ['in fact', 'meta-framing.en', 'warning'],
      ['fact', 'meta-framing.en', 'warning'],
      ['fact that', 'meta-framing.en.suggestion', 'suggestion'],
      ['it', 'concrete-subject.en', 'warning'],
      ['key', 'word-choice.en', 'warning'],
    ]);
    const warnings = scan({ text, language: 'en', ruleIds: FIXTURE_RULE_IDS, minLevel: 'warning' });
    expect(warnings).toEqual(all(text).filter((s) => s.level === 'warning'));
    expect(scan({ text, language: 'en', ruleIds: FIXTURE_RULE_IDS, minLevel: 'suggestion' })).toEqual(all(text));
  });

  it('returns no signals for an empty text', () => {
    expect(all('')).toEqual([]);
  });

  it('gives the same answer on repeated calls (no state leaks between texts)', () => {
    const text = 'this ensures key. '.repeat(3);
    expect(all(text)).toEqual(all(text));
    expect(all('key')).toHaveLength(1);
  });
});
