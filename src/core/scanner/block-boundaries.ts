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
// Linear time: the line breaks are found with indexOf, and each one reads on
// over the white space after it up to the next line break or other character,
// plus at most 11 units of a list marker. A run of white space without a line
// break follows exactly one line break, so each unit is read at most twice.
// `npm run bench -- --only=scanner` shows what the copy costs against the
// whole scan: mostly the copy's new memory, which its first reader pays.

/** What a boundary's line break becomes: the separator Markdown and HTML mode put between blocks. */
export const BLOCK_SEPARATOR = '\uFFFC';

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const WHITE_SPACE = /\s/;

/** Whether the unit is white space (as `\s`) but not a line break. */
function isInlineSpace(unit: number): boolean {
  if (unit === SPACE || unit === TAB || unit === 0x0b || unit === 0x0c) return true;
  return unit > 0x7f && WHITE_SPACE.test(String.fromCharCode(unit));
}

/**
 * Whether a block opens at `at`, right after a line break: after optional
 * white space other than a line break, another line break, or a list marker
 * (`-`, `*`, `+`, or 1 to 9 digits then `.` or `)`) and a space or a tab.
 */
function opensBlock(text: string, at: number): boolean {
  let next = at;
  while (next < text.length && isInlineSpace(text.charCodeAt(next))) next++;
  const unit = text.charCodeAt(next);
  if (unit === LF || unit === CR) return true;
  let marker = next;
  if (unit === 0x2d || unit === 0x2a || unit === 0x2b) marker = next + 1; // - * +
  else {
    let digit = next;
    while (digit - next < 10 && text.charCodeAt(digit) >= 0x30 && text.charCodeAt(digit) <= 0x39) digit++;
    const ends = text.charCodeAt(digit);
    if (digit === next || digit - next > 9 || (ends !== 0x2e && ends !== 0x29)) return false; // . )
    marker = digit + 1;
  }
  const after = text.charCodeAt(marker);
  return after === SPACE || after === TAB;
}

/** Offsets of the last unit of every line break that opens a block, in order: the units markBlockBoundaries replaces. */
function blockBoundaryUnits(text: string): number[] {
  const units: number[] = [];
  // \n alone or the \n of \r\n: both end at the \n.
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (opensBlock(text, at + 1)) units.push(at);
  }
  let lone = false;
  for (let at = text.indexOf('\r'); at >= 0; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== LF && opensBlock(text, at + 1)) {
      units.push(at);
      lone = true;
    }
  }
  return lone ? units.sort((a, b) => a - b) : units;
}

/**
 * `text` with the last unit of each line break that another line break or a
 * list item follows replaced by BLOCK_SEPARATOR: the same length and offsets,
 * and the same text wherever no boundary is (the text itself when it has none).
 */
export function markBlockBoundaries(text: string): string {
  const units = blockBoundaryUnits(text);
  if (units.length === 0) return text;
  const pieces: string[] = [];
  let copied = 0;
  for (const unit of units) {
    pieces.push(text.slice(copied, unit));
    copied = unit + 1;
  }
  pieces.push(text.slice(copied));
  return pieces.join(BLOCK_SEPARATOR);
}
