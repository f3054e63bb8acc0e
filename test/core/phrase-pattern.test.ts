// orderPhrases and phraseToSource run for every generated form when the
// catalogue loads, so they are written for V8's interpreter (no comparator,
// no per-word split). They must give exactly what their definitions give.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderPhrases, phraseToSource } from '../../src/core/scanner/phrase-pattern';

// The definitions: trimmed, without repeats, longest first, then code-unit
// order; and a phrase escaped word by word, words joined by `\s+`.
const orderedByDefinition = (phrases: readonly string[]) =>
  [...new Set(phrases.map((p) => p.trim()))].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
const sourceByDefinition = (phrase: string) =>
  phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/['’]/g, "['’]"))
    .join(String.raw`\s+`);

// Letters with and without case, astral characters, lone surrogates, quotes,
// regex syntax and every kind of white space the phrases may hold.
const phrase = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'B', 'ä', 'ß', 'ẞ', 'İ', '😀', '\ud800', "'", '’', '.', '*', '(', '[', '\\', '$', '-', ' ', '\t', '\n', '\u00a0', '\u3000'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
  maxLength: 12,
});

describe('orderPhrases', () => {
  it('orders as the definition does, repeats and surrounding white space included', () => {
    fc.assert(fc.property(fc.array(phrase, { maxLength: 40 }), (phrases) => {
      const withRepeats = [...phrases, ...phrases.slice(0, 5).map((p) => ` ${p}\t`)];
      expect(orderPhrases(withRepeats)).toEqual(orderedByDefinition(withRepeats));
    }), { numRuns: 500 });
  });
});

describe('phraseToSource', () => {
  it('escapes and joins as the definition does', () => {
    fc.assert(fc.property(phrase, (text) => {
      expect(phraseToSource(text)).toBe(sourceByDefinition(text));
    }), { numRuns: 2000 });
  });

  it('matches its own phrase with other white space and the other apostrophe', () => {
    expect(new RegExp(`^${phraseToSource("  it's  a (test)? ")}$`, 'iu').test('IT’S\ta\n(test)?')).toBe(true);
  });
});
