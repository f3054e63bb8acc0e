// candidate-pattern.ts builds its tries one depth at a time and renders only
// the cut that fits (lists within the BMP as lines of text, with the regex
// built-ins); the sources must be exactly those of the straightforward
// build (candidate-pattern-reference.ts), on the catalogue and on phrases it
// does not have, including lists long enough to be cut at every depth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExhaustive, scaled, scaledTimeout } from '../test-scale';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { LANGUAGES } from '../../src/core/catalogue/ids';
import { compileCandidatePattern, compileRecordHeadPattern, OPTIMISED_SOURCE_LIMIT } from '../../src/core/scanner/candidate-pattern';
import { foldUnicodeOnly, foldUnicodeOnlyLong, UNICODE_ONLY_FOLD_TABLE } from '../../src/core/scanner/case-fold';
import type { PhrasePair } from '../../src/core/scanner/phrase-pattern';
import { referenceCandidateSource, referenceRecordHeadSource } from './candidate-pattern-reference';

const COPIES = isExhaustive() ? [2, 5, 12] : [2, 5];

// What `new RegExp` makes of a source (an empty one reads back as `(?:)`).
const asRegexSource = (source: string) => new RegExp(source).source;

describe('candidate sources', () => {
  it('are the reference sources for each language of the catalogue, shared and per record', () => {
    for (const language of LANGUAGES) {
      const records = catalogue.signalRecords.filter((r) => r.language === language);
      const phrases = records.flatMap((r) => r.phrases);
      const pairs = records.flatMap((r) => r.pairs ?? []);
      expect(compileCandidatePattern(phrases, pairs).source, language).toBe(asRegexSource(referenceCandidateSource(phrases, pairs)));
      for (const record of records)
        expect(compileRecordHeadPattern(record).source, record.id).toBe(asRegexSource(referenceRecordHeadSource(record)));
    }
  });

  it(
    'are the reference sources where the catalogue must be cut shallower',
    () => {
      for (const language of LANGUAGES) {
        const records = catalogue.signalRecords.filter((r) => r.language === language);
        const phrases = records.flatMap((r) => r.phrases);
        const pairs = records.flatMap((r) => r.pairs ?? []);
        const lengths = new Set<number>();
        // More copies of the lists, each behind another first letter, make the
        // source longer at every depth, so the cut that fits moves up. Twelve
        // copies, the slowest case, run at CI's scale (test-scale.ts).
        for (const copies of COPIES) {
          const prefixes = Array.from({ length: copies }, (_, i) => String.fromCharCode(0x61 + (i % 26)).repeat(1 + Math.floor(i / 26)));
          const many = prefixes.flatMap((prefix) => phrases.map((phrase) => `${prefix}${phrase}`));
          const manyPairs: PhrasePair[] = prefixes.flatMap((prefix) =>
            pairs.map((pair) => ({ ...pair, first: pair.first.map((first) => `${prefix}${first}`) })),
          );
          const source = compileCandidatePattern(many, manyPairs).source;
          expect(source, `${language} × ${copies}`).toBe(asRegexSource(referenceCandidateSource(many, manyPairs)));
          expect(compileRecordHeadPattern({ phrases: many, pairs: manyPairs }).source, `${language} × ${copies}, head`).toBe(
            asRegexSource(referenceRecordHeadSource({ phrases: many, pairs: manyPairs })),
          );
          lengths.add(source.length);
        }
        // The copies did change the source (and so the cut).
        expect(lengths.size, language).toBe(COPIES.length);
      }
    },
    scaledTimeout(120_000),
  );

  it(
    'are the reference sources for any phrases and pairs',
    () => {
      const phrase = fc.string({
        unit: fc.constantFrom(
          'a',
          'b',
          'B',
          'ä',
          'Ä',
          'ß',
          'k',
          's',
          'ſ',
          'K',
          '\u212A',
          '😀',
          '𝐀',
          '\ud800',
          "'",
          '’',
          '.',
          '*',
          '(',
          '\\',
          '-',
          '_',
          '1',
          ' ',
          '  ',
          '\t',
          '\u00a0',
          '\u3000',
        ),
        maxLength: 24,
      });
      const pair = fc.record({
        first: fc.array(phrase, { minLength: 1, maxLength: 3 }),
        then: fc.array(phrase, { maxLength: 3 }),
        within: fc.constantFrom(0, 0, 2),
      });
      fc.assert(
        fc.property(fc.array(phrase, { maxLength: 12 }), fc.array(pair, { maxLength: 4 }), (phrases, pairs) => {
          expect(compileCandidatePattern(phrases, pairs).source).toBe(asRegexSource(referenceCandidateSource(phrases, pairs)));
          expect(compileRecordHeadPattern({ phrases, pairs }).source).toBe(asRegexSource(referenceRecordHeadSource({ phrases, pairs })));
        }),
        { numRuns: scaled(500) },
      );
    },
    scaledTimeout(60_000),
  );

  it('stay within what V8 optimises when the lists are cut', () => {
    const records = catalogue.signalRecords.filter((r) => r.language === 'en');
    const phrases = ['a', 'b', 'c', 'd'].flatMap((prefix) => records.flatMap((r) => r.phrases).map((p) => `${prefix}${p}`));
    expect(compileCandidatePattern(phrases).source.length).toBeLessThanOrEqual(OPTIMISED_SOURCE_LIMIT);
  });

  it('fold long texts as foldUnicodeOnly does, character by character', () => {
    const folded = [...UNICODE_ONLY_FOLD_TABLE].flatMap(([char, extras]) => [char, ...extras]);
    const unit = fc.constantFrom(...folded, 'a', 'A', 'x', ' ', '\n');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 200 }), (text) => {
        expect(foldUnicodeOnlyLong(text)).toBe(foldUnicodeOnly(text));
      }),
      { numRuns: scaled(250) },
    );
  });
});
