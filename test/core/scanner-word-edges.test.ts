// Word edges as docs/api-reference.md#word-edges states them: a letter, decimal digit or
// `_` next to a phrase blocks the match; a combining mark, a superscript digit
// or a Roman numeral does not. Checked on the shipped catalogue, with the fast
// scanner and the reference scanner giving the same answer.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { createSignalScanner } from '../../src/core/scanner/scan';

const scan = createSignalScanner(catalogue.signalRecords);

function wordChoice(text: string) {
  const request = { text, language: 'en' as const, ruleIds: ['word-choice' as const] };
  const signals = scan(request);
  expect(signals).toEqual(referenceScan(catalogue.signalRecords, request));
  return signals.map((s) => ({ quote: s.quote, start: s.start, end: s.end }));
}

describe('whole-word edges: letter, decimal digit or _', () => {
  it.each([
    { name: 'combining mark after', text: 'A powerful\u0301 tool.', start: 2 },
    { name: 'combining mark before', text: 'A \u0301powerful tool.', start: 3 },
    { name: 'superscript digit after', text: 'A powerful\u00B2 tool.', start: 2 },
    { name: 'Roman numeral after', text: 'A powerful\u216B tool.', start: 2 },
  ])('matches with a $name', ({ text, start }) => {
    expect(wordChoice(text)).toEqual([{ quote: 'powerful', start, end: start + 8 }]);
  });

  it.each([
    { name: 'decimal digit after', text: 'A powerful1 tool.' },
    { name: 'underscore after', text: 'A powerful_x tool.' },
    { name: 'decimal digit before', text: 'A 1powerful tool.' },
    { name: 'letter before', text: 'A xpowerful tool.' },
    { name: 'precomposed accented letter after', text: 'A powerful\u00E9 tool.' },
  ])('does not match with a $name', ({ text }) => {
    expect(wordChoice(text)).toEqual([]);
  });
});
