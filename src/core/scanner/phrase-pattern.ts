// Turns a record's literal phrases into one regex source with whole-word,
// Unicode-aware edges. The build compiles every record with it; tests and the
// benchmark use it as the reference semantics of a record.

/**
 * A character that continues a word (docs/api-reference.md#word-edges): letter, decimal
 * digit or `_`. The candidate pattern derives its edge characters from it.
 */
export const WORD_CHAR = String.raw`[\p{L}\p{Nd}_]`;

/** Flags every compiled record uses: global, case-insensitive, Unicode. */
export const RECORD_FLAGS = 'giu';

// `-` stays unescaped: outside a class it is literal, and `\-` is a syntax error under the `u` flag.
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

function phraseToSource(phrase: string): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(REGEX_SPECIAL, '\\$&').replace(/['’]/g, "['’]"))
    .join(String.raw`\s+`);
}

/**
 * Phrases in the order a record's alternation tries them: trimmed, without
 * repeats, longest first, then in code-unit order.
 */
export function orderPhrases(phrases: readonly string[]): string[] {
  return [...new Set(phrases.map((p) => p.trim()))].sort(
    (a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0),
  );
}

/**
 * The regex source for a list of literal phrases: longest phrase first, so the
 * leftmost match is also the longest phrase starting there; a space in a phrase
 * matches any run of white space; an apostrophe matches ' and ’.
 */
export function compilePhrases(phrases: readonly string[]): string {
  const alternation = orderPhrases(phrases).map(phraseToSource).join('|');
  return `(?<!${WORD_CHAR})(?:${alternation})(?!${WORD_CHAR})`;
}
