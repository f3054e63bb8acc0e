// Where one block of plain text ends and the next begins, for the scanner: a
// paragraph break (a line break, optional white space, another line break)
// and the start of a list item (a line break, optional indentation, then `-`,
// `*`, `+`, or 1 to 9 digits with `.` or `)`, then a space or a tab). A
// record's regex treats a line break as white space, so without help a
// phrase, the gap of a pair and the words a guard reads would run from one
// paragraph or list item into the next. Markdown and HTML mode put a
// separator between blocks (markup/projection.ts); plain text gets the same
// separator here, in a copy of the text the records run over.
//
// The copy has the same length: one line break of each boundary becomes
// U+FFFC, which no phrase, gap word or guard's white space matches, and which
// is neither white space nor a word character, so a phrase may still begin or
// end next to it. Signals keep the offsets, lines, columns and quotes of the
// text as sent. A single line break inside a paragraph stays as it is.
//
// Linear time: the pattern is a line break followed by a look-ahead over the
// white space after it, which stops at the next line break or at a marker of
// at most 11 units. Each run of white space without a line break is read by
// the look-ahead of the one line break before it, and by no other.

/**
 * What must follow a line break for a new block to begin: optional white
 * space other than a line break, then another line break or a list marker and
 * a space or a tab.
 */
export const NEXT_BLOCK = String.raw`[^\S\r\n]*(?:[\r\n]|(?:[-*+]|\d{1,9}[.)])[ \t])`;

/** What a boundary's line break becomes: the separator Markdown and HTML mode put between blocks. */
export const BLOCK_SEPARATOR = '\uFFFC';

/**
 * A line break that another line break, or a list marker and a space, follows
 * after optional white space. `\r\n` is one line break: the first branch takes
 * it whole (its `\r` as group 1, kept), the second takes a `\r` alone only when
 * no `\n` follows, so the `\n` of a `\r\n` never reads as a second line break.
 */
const BLOCK_BOUNDARY = new RegExp(String.raw`(\r)?\n(?=${NEXT_BLOCK})|\r(?!\n)(?=${NEXT_BLOCK})`, 'g');

/**
 * `text` with the last unit of each line break that another line break or a
 * list item follows replaced by BLOCK_SEPARATOR: the same length and offsets,
 * and the same text wherever no boundary is.
 */
export function markBlockBoundaries(text: string): string {
  return text.replace(BLOCK_BOUNDARY, `$1${BLOCK_SEPARATOR}`);
}
