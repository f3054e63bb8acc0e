import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLineIndex, lastAtOrBefore, lineIndexOfStarts } from '../../src/core/scanner/line-index';

describe('lastAtOrBefore', () => {
  it('is the index of the last value at most the one asked, or -1, as a linear search finds it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 })), fc.integer({ min: -5, max: 1005 }), (values, value) => {
        const sorted = [...values].sort((a, b) => a - b);
        let expected = -1;
        sorted.forEach((v, i) => {
          if (v <= value) expected = i;
        });
        expect(lastAtOrBefore(sorted, value)).toBe(expected);
      }),
    );
  });
});

describe('line index', () => {
  it('gives 1-based lines and columns; \\r\\n, \\r and \\n end a line, U+2028 does not', () => {
    const text = 'ab\r\ncd\ref\ngh\u2028ij';
    const lines = createLineIndex(text);
    expect(lines.locate(0)).toEqual({ line: 1, column: 1 });
    expect(lines.locate(text.indexOf('c'))).toEqual({ line: 2, column: 1 });
    expect(lines.locate(text.indexOf('f'))).toEqual({ line: 3, column: 2 });
    expect(lines.locate(text.indexOf('j'))).toEqual({ line: 4, column: 5 });
  });

  it('answers from known line starts exactly as from the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', 'b') }), (text) => {
        const starts = [0];
        for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
        const fromText = createLineIndex(text);
        const fromStarts = lineIndexOfStarts(starts);
        for (let offset = 0; offset <= text.length; offset++) expect(fromStarts.locate(offset)).toEqual(fromText.locate(offset));
      }),
    );
  });
});
