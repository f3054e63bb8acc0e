// The candidate pattern may reject a position only where the reference regex
// would too: its word-edge characters must all be Unicode word characters.
import { describe, expect, it } from 'vitest';
import { COMMON_WORD_CHARS } from '../../src/core/scanner/candidate-pattern';
import { WORD_CHAR } from '../../src/core/scanner/phrase-pattern';

describe('COMMON_WORD_CHARS', () => {
  it('holds only letters, decimal digits and _, even with case folded', () => {
    const common = new RegExp(`[${COMMON_WORD_CHARS}]`, 'i');
    const unicodeWord = new RegExp(`^${WORD_CHAR}$`, 'u');
    const outside: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const char = String.fromCharCode(unit);
      if (common.test(char) && !unicodeWord.test(char)) outside.push(`U+${unit.toString(16).toUpperCase()}`);
    }
    expect(outside).toEqual([]);
  });
});
