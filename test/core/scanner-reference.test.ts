// The fast scanner must return exactly what the straightforward reference
// returns (one regex per record, run one after another): on real prose, on
// hand-made edge cases, on random texts and on 250,000-unit texts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { SCANNABLE_RULE_IDS, type Language, type RuleId } from '../../src/core/catalogue/ids';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { adversarialText } from '../../scripts/bench/adversarial';
import { loadSignalRecords } from '../../scripts/bench/catalogue-records';
import { loadProse } from '../../scripts/bench/prose';
import { htmlToProse } from '../../scripts/corpus/prose';
import { EDGE_TEXTS, FIXTURE_RECORDS, FIXTURE_RULE_IDS } from './scanner-fixtures';

const MAX_UNITS = 250_000;
const catalogueRecords = loadSignalRecords();

function expectSame(records: readonly CompiledSignalRecord[], text: string, language: Language, ruleIds: readonly RuleId[]) {
  const expected = referenceScan(records, { text, language, ruleIds });
  const actual = createSignalScanner(records)({ text, language, ruleIds });
  expect(actual).toEqual(expected);
  return expected.length;
}

// German HTML manuals from Debian, read directly: the full German corpus renders
// a thousand man pages, too slow for a unit test.
function germanManualProse(): string | null {
  const dir = '/usr/share/debian-reference';
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith('.de.html')).sort();
  const text = files.map((f) => htmlToProse(readFileSync(join(dir, f), 'utf8'))).join('\n\n');
  return text.length >= MAX_UNITS ? text.slice(0, MAX_UNITS) : null;
}

describe('fast scanner equals the reference', () => {
  it('on 250,000 units of English README prose, all eight rules', async () => {
    const prose = await loadProse('en', MAX_UNITS);
    if (!prose.ok) throw new Error(prose.reason);
    expect(expectSame(catalogueRecords, prose.text, 'en', SCANNABLE_RULE_IDS)).toBeGreaterThan(0);
    // Frequent words as phrases: thousands of signals, many overlapping.
    expect(expectSame(FIXTURE_RECORDS, prose.text, 'en', FIXTURE_RULE_IDS)).toBeGreaterThan(1000);
  }, 30_000);

  const german = germanManualProse();
  it.skipIf(german === null)('on 250,000 units of German Debian manuals, all eight rules (needs apt package debian-reference-de)', () => {
    expect(expectSame(catalogueRecords, german as string, 'de', SCANNABLE_RULE_IDS)).toBeGreaterThan(0);
    expect(expectSame(FIXTURE_RECORDS, german as string, 'de', FIXTURE_RULE_IDS)).toBeGreaterThan(100);
  }, 30_000);

  it.each(EDGE_TEXTS)('on edge case: $name', ({ text, language }) => {
    expectSame(FIXTURE_RECORDS, text, language, FIXTURE_RULE_IDS);
    expectSame(catalogueRecords, text, language, SCANNABLE_RULE_IDS);
  });

  it('on any rule selection', () => {
    const text = EDGE_TEXTS.map((e) => e.text).join(' ');
    fc.assert(
      fc.property(fc.subarray([...FIXTURE_RULE_IDS]), fc.constantFrom<Language>('en', 'de'), (ruleIds, language) => {
        expectSame(FIXTURE_RECORDS, text, language, ruleIds);
      }),
    );
  });

  it('on random texts built from phrases, near-misses and tricky characters', () => {
    const pieces = [
      ...new Set([...FIXTURE_RECORDS, ...catalogueRecords].flatMap((r) => r.phrases)),
      ' ', '  ', '\n', '\r\n', '\r', '\u00A0', '\u2028', '.', ',', '-', "'", '’', '_', '1', 'a', 'x', 'ä', 'ж', '中',
      '\u0301', '\u200D', '\u00B2', '\u216B', '\u00BD', '😀', '\uD800', '\uDC00', 'ß', 'ẞ', 'İ', 'ı', '\u212A', '\u017F', 'SS', 'ss',
    ];
    const piece = fc.constantFrom(...pieces).chain((p) =>
      fc.constantFrom(p, p.toUpperCase(), p.slice(1), p.slice(0, -1), p.charAt(0).toUpperCase() + p.slice(1)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.constantFrom<Language>('en', 'de'), (parts, language) => {
        const text = parts.join('');
        expectSame(FIXTURE_RECORDS, text, language, FIXTURE_RULE_IDS);
        expectSame(catalogueRecords, text, language, SCANNABLE_RULE_IDS);
      }),
      { numRuns: 400 },
    );
  }, 30_000);

  it('on 250,000 units of phrases packed edge to edge with near-misses', () => {
    for (const language of ['en', 'de'] as const) {
      const phrases = catalogueRecords.filter((r) => r.language === language).flatMap((r) => r.phrases);
      let text = '';
      for (let i = 0; text.length < MAX_UNITS; i++) {
        const phrase = phrases[i % phrases.length] as string;
        text += [`${phrase} `, `x${phrase} `, `${phrase}ä `, `${phrase.toUpperCase()}\r\n`, `${phrase}${phrase} `][i % 5];
      }
      expect(expectSame(catalogueRecords, text.slice(0, MAX_UNITS), language, SCANNABLE_RULE_IDS)).toBeGreaterThan(1000);
    }
  }, 30_000);

  it("on the benchmark's adversarial text of 250,000 units", () => {
    for (const language of ['en', 'de'] as const) {
      const phrases = catalogueRecords.filter((r) => r.language === language).flatMap((r) => r.phrases);
      expectSame(catalogueRecords, adversarialText(phrases, MAX_UNITS), language, SCANNABLE_RULE_IDS);
    }
  }, 30_000);

  it('with a limit: the first limit + 1 signals of the reference', () => {
    const text = EDGE_TEXTS.map((e) => e.text).join(' ').repeat(3);
    const scan = createSignalScanner(FIXTURE_RECORDS);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.constantFrom<Language>('en', 'de'), (limit, language) => {
        const request = { text, language, ruleIds: FIXTURE_RULE_IDS };
        expect(scan({ ...request, limit })).toEqual(referenceScan(FIXTURE_RECORDS, request).slice(0, limit + 1));
      }),
    );
  });

  it('on a record whose source is not compiled from its phrases (run as is)', () => {
    const odd = { ...(FIXTURE_RECORDS[0] as CompiledSignalRecord), source: String.raw`\bthis\b` };
    expectSame([odd, ...FIXTURE_RECORDS.slice(1)], 'This ensures this; thisx this', 'en', FIXTURE_RULE_IDS);
  });
});
