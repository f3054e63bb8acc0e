// The table of characters that only the Unicode flag folds together must agree
// with the JavaScript engine, or the fast scanner could miss a match that the
// reference finds.
import { describe, expect, it } from 'vitest';
import { UNICODE_ONLY_FOLD_TABLE, unicodeOnlyFolds } from '../../src/core/scanner/case-fold';
import { loadSignalRecords } from '../support/catalogue-records';
import { FIXTURE_RECORDS } from './scanner-fixtures';

const escapeCodePoint = (c: string) => `\\u{${(c.codePointAt(0) as number).toString(16)}}`;

let bmp = '';
for (let unit = 0; unit <= 0xffff; unit++) if (unit < 0xd800 || unit > 0xdfff) bmp += String.fromCharCode(unit);

/** Characters that `/c/iu` matches and `/c/i` does not, found by trying every BMP character. */
function unicodeOnlyFoldsOf(char: string, among: string): string {
  const nonUnicode = new RegExp(
    `^${escapeCodePoint(char).replace(/\\u\{(\w+)\}/, (_, hex: string) => `\\u${hex.padStart(4, '0')}`)}$`,
    'i',
  );
  return [...among.matchAll(new RegExp(escapeCodePoint(char), 'giu'))]
    .map((m) => m[0])
    .filter((other) => other !== char && !nonUnicode.test(other))
    .join('');
}

describe('unicodeOnlyFolds', () => {
  it('lists exactly what the engine folds, for every cased BMP character', () => {
    const cased = [...bmp].filter((c) => c.toLowerCase() !== c || c.toUpperCase() !== c).join('');
    const derived = new Map<string, string>();
    for (const char of cased) {
      const extras = unicodeOnlyFoldsOf(char, cased);
      if (extras) derived.set(char, extras);
    }
    expect(new Map(UNICODE_ONLY_FOLD_TABLE)).toEqual(derived);
  });

  it('misses nothing for the characters of every phrase, checked against all of the BMP', () => {
    const chars = new Set([...loadSignalRecords(), ...FIXTURE_RECORDS].flatMap((r) => r.phrases.flatMap((p) => [...p.replace(/\s/g, '')])));
    for (const char of chars) expect([char, unicodeOnlyFoldsOf(char, bmp)]).toEqual([char, unicodeOnlyFolds(char)]);
  });
});
