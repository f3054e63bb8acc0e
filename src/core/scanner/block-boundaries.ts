// Where one block of plain text ends and the next begins, for the scanner: a
// paragraph break (a line break, optional white space, another line break)
// and the start of a list item (a line break, optional indentation, then `-`,
// `*`, `+`, or 1 to 9 digits with `.` or `)`, then a space or a tab). A
// record's regex treats a line break as white space, so without help a
// phrase, the gap of a pair and the words a guard reads would run from one
// paragraph or list item into the next. Markdown and HTML mode put a
// separator between blocks (markup/prose-extraction.ts). In plain text the records
// see the same separator: they run over a copy of the text (markBlockBoundaries)
// in which the last unit of each line break that opens a block is U+FFFC,
// which no phrase, gap word or guard's white space matches, and which is
// neither white space nor a word character, so a phrase may still begin or end
// next to it. Signals keep the offsets, lines, columns and quotes of the text
// as sent. A single line break inside a paragraph stays as it is.
//
// Linear time: one regex replacement. Its look-ahead runs only at a line
// break and reads on over the white space after it, then at most 11 units of
// a list marker; a run of white space without a line break follows exactly
// one line break, and where the look-ahead fails at a shorter run no
// alternative can start with white space, so each unit is read a bounded
// number of times. (Copying the text in slices between the boundaries and
// joining them took 3 to 8 ms on the benchmark's 250,000 units; the
// replacement takes under 1 ms.)

/** What a boundary's line break becomes: the separator Markdown and HTML mode put between blocks. */
export const BLOCK_SEPARATOR = '\uFFFC';

/**
 * The last unit of a line break that opens a block: `\n` (alone or ending
 * `\r\n`) or a lone `\r`, followed by white space other than a line break,
 * then another line break, or a list marker (`-`, `*`, `+`, or 1 to 9 digits
 * then `.` or `)`) and a space or a tab.
 */
const BOUNDARY = /(?:\n|\r(?!\n))(?=[^\S\r\n]*(?:[\r\n]|(?:[-*+]|[0-9]{1,9}[.)])[ \t]))/g;

/**
 * `text` with the last unit of each line break that another line break or a
 * list item follows replaced by BLOCK_SEPARATOR: the same length and offsets,
 * and the same text wherever no boundary is (the text itself when it has none).
 */
export function markBlockBoundaries(text: string): string {
  return text.replace(BOUNDARY, BLOCK_SEPARATOR);
}
