// Texts longer than find_writing_signals accepts are scanned in pieces. Each
// piece starts at a line start and owns the lines up to the next piece; it is
// scanned together with a few following lines of overlap, so a phrase that runs
// across the split point is still found, and a signal is kept only by the piece
// that owns its start: found once, with offsets and lines of the whole text.
// (The next piece may match the tail of such a phrase; check.ts drops a signal
// that overlaps one of the same rule from the piece before.)
// For Markdown and HTML the split prefers the start of a block (a line after a
// blank line, outside fenced code), so a piece rarely begins inside a block.
import { lastAtOrBefore } from '../core/scanner/line-index';

/** A slice of the text: owns [start, ownedEnd), is scanned as [start, scanEnd). */
export interface Piece {
  readonly start: number;
  readonly ownedEnd: number;
  readonly scanEnd: number;
  /** 1-based line and column of `start` in the whole text. */
  readonly line: number;
  readonly column: number;
}

/** Units of following text scanned with each piece; longer than any phrase a record matches in practice. */
export const OVERLAP_UNITS = 2_000;

const LINE_BREAK = /\r\n?|\n/g;

export interface SplitOptions {
  /** Units of following text scanned with each piece. */
  readonly overlapUnits?: number;
  /** Prefer block starts (after a blank line, outside ``` or ~~~ fences) over other line starts. */
  readonly preferBlockStarts?: boolean;
}

/**
 * Splits `text` into pieces of at most `maxUnits` scanned units, at line
 * starts (after \n, \r\n or \r, as the scanner counts lines). A single line
 * longer than the limit is split where it must, at a code-point boundary.
 */
export function splitIntoPieces(text: string, maxUnits: number, options: SplitOptions = {}): Piece[] {
  const { overlapUnits = OVERLAP_UNITS, preferBlockStarts = false } = options;
  if (text.length <= maxUnits) return [{ start: 0, ownedEnd: text.length, scanEnd: text.length, line: 1, column: 1 }];
  if (overlapUnits * 2 >= maxUnits) throw new RangeError('overlap must be less than half the piece size');
  const lineStarts = [0];
  for (const match of text.matchAll(LINE_BREAK)) lineStarts.push(match.index + match[0].length);
  const lineOf = (offset: number): number => lastAtOrBefore(lineStarts, offset);
  // The last line start in (after, limit], or -1.
  const lineStartAtOrBefore = (limit: number, after: number): number => {
    const index = lineOf(limit);
    const start = lineStarts[index] as number;
    return start > after ? start : -1;
  };

  const blockStarts = preferBlockStarts ? findBlockStarts(text, lineStarts) : [];
  // The last block start in (after, limit], or -1.
  const blockStartAtOrBefore = (limit: number, after: number): number => {
    const found = blockStarts[lastAtOrBefore(blockStarts, limit)] ?? -1;
    return found > after ? found : -1;
  };
  const at = (start: number): { line: number; column: number } => {
    const index = lineOf(start);
    return { line: index + 1, column: start - (lineStarts[index] as number) + 1 };
  };

  const pieces: Piece[] = [];
  let start = 0;
  while (start < text.length) {
    const budget = maxUnits - overlapUnits;
    if (text.length - start <= maxUnits) {
      pieces.push({ start, ownedEnd: text.length, scanEnd: text.length, ...at(start) });
      break;
    }
    // A block start in the second half of the budget, else any line start.
    let ownedEnd = blockStartAtOrBefore(start + budget, start + (budget >> 1));
    if (ownedEnd === -1) ownedEnd = lineStartAtOrBefore(start + budget, start);
    if (ownedEnd === -1) ownedEnd = codePointBoundary(text, start + budget);
    // Overlap: whole lines after ownedEnd up to overlapUnits, at least to the
    // end of the line, within the piece limit.
    let scanEnd = lineStartAtOrBefore(Math.min(ownedEnd + overlapUnits, start + maxUnits), ownedEnd);
    if (scanEnd === -1) scanEnd = codePointBoundary(text, Math.min(ownedEnd + overlapUnits, start + maxUnits, text.length));
    pieces.push({ start, ownedEnd, scanEnd, ...at(start) });
    start = ownedEnd;
  }
  return pieces;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BLANK = /^[ \t]*(?:\r\n?|\n)?$/;

/** Line starts that follow a blank line outside fenced code, ascending. */
function findBlockStarts(text: string, lineStarts: readonly number[]): number[] {
  const starts: number[] = [];
  let fence: string | null = null;
  let previousBlank = false;
  for (let index = 0; index < lineStarts.length; index++) {
    const begin = lineStarts[index] as number;
    const line = text.slice(begin, lineStarts[index + 1] ?? text.length);
    if (fence === null && previousBlank && index > 0) starts.push(begin);
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = null;
    }
    previousBlank = fence === null && BLANK.test(line);
  }
  return starts;
}

/** `offset`, or one less when it would split a surrogate pair. */
function codePointBoundary(text: string, offset: number): number {
  const before = text.charCodeAt(offset - 1);
  return before >= 0xd800 && before <= 0xdbff ? offset - 1 : offset;
}
