// Texts longer than find_writing_signals accepts are scanned in pieces. Each
// piece owns the text up to the next piece; it is scanned together with some
// following text (the overlap), so a phrase that runs across the split point
// is still found, and a signal is kept only by the piece that owns its start:
// found once, with offsets and lines of the whole text. (The next piece may
// match the tail of such a phrase; check.ts drops a signal that overlaps one
// of the same rule from the piece before.)
//
// A piece is read on its own, so it must not start where the whole text's
// reading would differ: inside a word ("abcpowerful" would give "powerful"),
// or, in Markdown and HTML mode, inside something the scanner skips. A small
// linear scan below finds those regions, conservatively and without the
// core's parsers: in HTML tags, comments, declarations, raw-text elements
// (script, style, title, textarea …) and pre, code, kbd, samp, var and
// template elements; in Markdown fenced code, HTML blocks, code spans and
// inline tags and comments. A split point is, in order of preference:
//   1. in Markdown and HTML, a block start (a line after a blank line) in the
//      second half of the budget, outside every region;
//   2. a line start outside every region;
//   3. a word start (after white space) outside every region;
//   4. any other point outside every region that does not fall between two
//      word characters (after punctuation, before a tag);
//   5. the first point of kind 2 to 4 after the budget, giving up part of the
//      overlap (at least a quarter of it is kept).
// When there is none, the split falls where it must. Inside a word or inside
// markup the scanner skips, the next piece starts after it: none of it is
// prose, so a scan of the whole text finds no signal starting there, and a
// piece starting inside it would (and would misread the markup after it). Only
// inside other markup (the text of title and textarea) does the next
// piece start at the split, at white space where there is some. The piece
// records what the split fell inside, and the command warns.
import { lastAtOrBefore, lineIndexOfStarts, lineStartsOf } from '../core/scanner/line-index';
import { BLANK, htmlRegions, markdownRegions, type Region } from './markup-regions';

/** A slice of the text: owns [start, ownedEnd), is scanned as [start, scanEnd). */
export interface Piece {
  readonly start: number;
  readonly ownedEnd: number;
  readonly scanEnd: number;
  /** 1-based line and column of `start` in the whole text. */
  readonly line: number;
  readonly column: number;
  /** Set when no safe split point was in reach, so the piece ends (at `ownedEnd`) inside a word or markup. */
  readonly unsafeEnd?: UnsafeEnd;
}

export interface UnsafeEnd {
  /** What the split fell inside, for a message: "a word", "a tag", "<script>", "fenced code" … */
  readonly inside: string;
  /** 1-based line and column of the split. */
  readonly line: number;
  readonly column: number;
  /** Where the next piece starts (the text's end when none does) when it passes over the rest of the word or skipped markup. */
  readonly resume?: { readonly offset: number; readonly line: number; readonly column: number };
}

export type SplitMode = 'text' | 'markdown' | 'html';

/** Units of following text scanned with each piece; longer than any phrase a record matches in practice. */
export const OVERLAP_UNITS = 2_000;

export interface SplitOptions {
  /** Units of following text scanned with each piece. */
  readonly overlapUnits?: number;
  /** How the text is read: Markdown and HTML prefer block starts and avoid splitting inside markup. */
  readonly mode?: SplitMode;
}


/**
 * Splits `text` into pieces of at most `maxUnits` scanned units (see the
 * comment at the top for where). Line starts follow \n, \r\n or \r, as the
 * scanner counts lines; a split never falls inside \r\n or a surrogate pair.
 */
export function splitIntoPieces(text: string, maxUnits: number, options: SplitOptions = {}): Piece[] {
  const { overlapUnits = OVERLAP_UNITS, mode = 'text' } = options;
  if (text.length <= maxUnits) return [{ start: 0, ownedEnd: text.length, scanEnd: text.length, line: 1, column: 1 }];
  if (overlapUnits * 2 >= maxUnits) throw new RangeError('overlap must be less than half the piece size');
  const lineStarts = lineStartsOf(text);
  const lineOf = (offset: number): number => lastAtOrBefore(lineStarts, offset);
  const lines = lineIndexOfStarts(lineStarts);
  const at = (start: number): { line: number; column: number } => lines.locate(start);

  const regions = mode === 'html' ? htmlRegions(text) : mode === 'markdown' ? markdownRegions(text, lineStarts) : [];
  const regionStarts = regions.map((region) => region.start);
  const regionAt = (offset: number): Region | undefined => {
    const region = regions[lastAtOrBefore(regionStarts, offset - 1)];
    return region !== undefined && offset < region.end ? region : undefined;
  };
  const blockStarts = mode === 'text' ? [] : findBlockStarts(text, lineStarts);

  // The last offset in (after, limit] outside every region that `accept`s, or -1.
  const lastSafe = (limit: number, after: number, accept: (offset: number) => boolean): number => {
    let index = lastAtOrBefore(regionStarts, limit - 1);
    for (let offset = limit; offset > after; ) {
      while (index >= 0 && (regions[index] as Region).start >= offset) index--;
      const region = regions[index];
      if (region !== undefined && offset < region.end) {
        offset = region.start;
        continue;
      }
      if (accept(offset)) return offset;
      offset--;
    }
    return -1;
  };
  // The first offset in [from, before) outside every region that `accept`s, or -1.
  const firstSafe = (from: number, before: number, accept: (offset: number) => boolean): number => {
    let index = lastAtOrBefore(regionStarts, from - 1);
    for (let offset = from; offset < before; ) {
      while (index + 1 < regions.length && (regions[index + 1] as Region).start < offset) index++;
      const region = regions[index];
      if (region !== undefined && offset < region.end) {
        offset = region.end;
        continue;
      }
      if (accept(offset)) return offset;
      offset++;
    }
    return -1;
  };

  const isLineStart = (offset: number): boolean => {
    const before = text.charCodeAt(offset - 1);
    return before === 10 || (before === 13 && text.charCodeAt(offset) !== 10);
  };
  // After white space, before a word: in Markdown and HTML a letter, so a piece starts with no marker (`#`, `<`, "```").
  const isWordStart = (offset: number): boolean =>
    isSpaceUnit(text.charCodeAt(offset - 1)) &&
    (mode === 'text' ? !isSpaceUnit(text.charCodeAt(offset)) : LETTER.test(codePointString(text, offset)));
  const isBoundary = (offset: number): boolean => {
    const before = text.charCodeAt(offset - 1);
    if (isHighSurrogate(before) || (before === 13 && text.charCodeAt(offset) === 10)) return false;
    return !(WORD.test(codePointBeforeString(text, offset)) && WORD.test(codePointString(text, offset)));
  };
  const isSafe = (offset: number): boolean => isLineStart(offset) || isWordStart(offset) || isBoundary(offset);

  // The last of `starts` (line or block starts, ascending) in (after, limit] outside every region, or -1:
  // a binary search and a walk over starts, not over every unit of a long piece.
  const lastStartIn = (starts: readonly number[], limit: number, after: number): number => {
    for (let index = lastAtOrBefore(starts, limit); index >= 0; index--) {
      const start = starts[index] as number;
      if (start <= after) break;
      if (regionAt(start) === undefined) return start;
    }
    return -1;
  };

  const findSplit = (start: number, limit: number): number => {
    let found = mode === 'text' ? -1 : lastStartIn(blockStarts, limit, start + ((limit - start) >> 1));
    if (found === -1) found = lastStartIn(lineStarts, limit, start);
    if (found === -1) found = lastSafe(limit, start, isWordStart);
    if (found === -1) found = lastSafe(limit, start, isBoundary);
    if (found === -1) found = firstSafe(limit + 1, start + maxUnits - (overlapUnits >> 2), isSafe);
    return found;
  };

  // No safe point in reach: split at white space near the limit if there is
  // any (inside a region), else at the limit. The next piece resumes after a
  // word or skipped markup the split falls inside, else at the split.
  const unsafeSplit = (start: number, limit: number): { split: number; resume: number; inside: string } => {
    let split = -1;
    for (let offset = limit; offset > start + ((limit - start) >> 1) && split === -1; offset--) if (isWordStart(offset)) split = offset;
    if (split === -1) split = codePointBoundary(text, limit);
    if (text.charCodeAt(split - 1) === 13 && text.charCodeAt(split) === 10) split++;
    const region = regionAt(split);
    let resume = split;
    if (region?.skipped) resume = region.end;
    else if (!isBoundary(split)) {
      while (resume < text.length && WORD.test(codePointString(text, resume))) resume += (text.codePointAt(resume) ?? 0) > 0xffff ? 2 : 1;
    }
    return { split, resume, inside: region?.inside ?? 'a word' };
  };

  const pieces: Piece[] = [];
  const budget = maxUnits - overlapUnits;
  let start = 0;
  while (start < text.length) {
    const piece = { start, ...at(start) };
    if (text.length - start <= maxUnits) {
      pieces.push({ ...piece, ownedEnd: text.length, scanEnd: text.length });
      break;
    }
    let ownedEnd = findSplit(start, start + budget);
    let next = ownedEnd;
    let unsafeEnd: UnsafeEnd | undefined;
    if (ownedEnd === -1) {
      const { split, resume, inside } = unsafeSplit(start, start + budget);
      ownedEnd = split;
      next = resume;
      unsafeEnd = { inside, ...at(split), ...(resume > split ? { resume: { offset: resume, ...at(resume) } } : {}) };
    }
    // Overlap: up to overlapUnits after ownedEnd, within the piece limit, ending
    // at a line start or else after white space when there is one.
    const scanLimit = Math.min(ownedEnd + overlapUnits, start + maxUnits);
    const lastLineStart = lineStarts[lineOf(scanLimit)] as number;
    let scanEnd = lastLineStart > ownedEnd ? lastLineStart : -1;
    for (let offset = scanLimit; scanEnd === -1 && offset > ownedEnd; offset--) if (isSpaceUnit(text.charCodeAt(offset - 1))) scanEnd = offset;
    if (scanEnd === -1) scanEnd = codePointBoundary(text, scanLimit);
    pieces.push({ ...piece, ownedEnd, scanEnd, ...(unsafeEnd === undefined ? {} : { unsafeEnd }) });
    start = next;
  }
  return pieces;
}


/** Line starts that follow a blank line, ascending (regions are excluded where they are used). */
function findBlockStarts(text: string, lineStarts: readonly number[]): number[] {
  const starts: number[] = [];
  let previousBlank = false;
  for (let index = 0; index < lineStarts.length; index++) {
    const begin = lineStarts[index] as number;
    if (previousBlank) starts.push(begin);
    previousBlank = BLANK.test(text.slice(begin, lineStarts[index + 1] ?? text.length));
  }
  return starts;
}

// Characters. White space as JavaScript's \s; a word character as the scanner's phrases see one.
const WORD = /^[\p{L}\p{N}\p{M}_]/u;
const LETTER = /^\p{L}/u;
const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isSpaceUnit = (c: number): boolean =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const codePointString = (text: string, offset: number): string => String.fromCodePoint(text.codePointAt(offset) ?? 0);
const codePointBeforeString = (text: string, offset: number): string => {
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(text.charCodeAt(offset - 2)) ? offset - 2 : offset - 1;
  return codePointString(text, start);
};

/** `offset`, or one less when it would split a surrogate pair. */
function codePointBoundary(text: string, offset: number): number {
  return isHighSurrogate(text.charCodeAt(offset - 1)) ? offset - 1 : offset;
}
