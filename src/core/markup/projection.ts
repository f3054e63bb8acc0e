// The text the scanner sees in Markdown and HTML mode: the prose units of the
// input in order, character references as the characters they stand for,
// markers dropped, and one separator where code, a URL or a block boundary
// was. Offsets in the projection map back to the input exactly.
import { BREAKS, type UnitMask, UnitKind } from './mask';

/**
 * Stands where skipped content was. Not white space, not a word character and
 * in no phrase, so no phrase matches across it, and a phrase may end or begin
 * next to it as next to punctuation.
 */
export const SEPARATOR = '\uFFFC';

/** The projected text and the way back to the input. */
export interface Projection {
  readonly text: string;
  /** Input offset of projection offset `offset` (a phrase's first unit). */
  readonly inputStart: (offset: number) => number;
  /** Input offset just after the projection unit before `offset` (a phrase's exclusive end). */
  readonly inputEnd: (offset: number) => number;
  /** Input units not scanned, by UnitKind. */
  readonly unitsByKind: readonly number[];
}

/**
 * Builds the projection from a mask. Pieces are runs copied from the input
 * (offsets shift by a constant) and single stand-ins (a reference or a
 * separator), which map to their whole input range.
 */
export function project(mask: UnitMask): Projection {
  const { text, kinds } = mask;
  const replacements = [...mask.replacements].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  // Piece i covers projection [projStarts[i], projStarts[i+1]) and input from inStarts[i];
  // a stand-in (copied[i] === 0) maps every unit to [inStarts[i], inEnds[i]).
  const projStarts: number[] = [];
  const inStarts: number[] = [];
  const inEnds: number[] = [];
  const copied: number[] = [];
  let projected = 0;
  let nextReplacement = 0;
  const n = text.length;
  let at = 0;
  let pendingBreak = -1;
  const unitsByKind = new Array<number>(BREAKS.length).fill(0);
  const push = (piece: string, start: number, end: number, isCopy: boolean) => {
    if (pendingBreak >= 0) {
      parts.push(SEPARATOR);
      projStarts.push(projected);
      inStarts.push(pendingBreak);
      inEnds.push(pendingBreak);
      copied.push(0);
      projected += 1;
      pendingBreak = -1;
    }
    parts.push(piece);
    projStarts.push(projected);
    inStarts.push(start);
    inEnds.push(end);
    copied.push(isCopy ? 1 : 0);
    projected += piece.length;
  };
  while (at < n) {
    const kind = kinds[at] as UnitKind;
    let end = at + 1;
    if (kind === UnitKind.reference) {
      const replacement = replacements[nextReplacement++];
      if (replacement === undefined || replacement.start !== at) throw new Error(`reference at ${at} not recorded`);
      push(replacement.text, at, replacement.end, false);
      at = replacement.end;
      continue;
    }
    while (end < n && kinds[end] === kind) end++;
    unitsByKind[kind] = (unitsByKind[kind] as number) + end - at;
    if (kind === UnitKind.prose) push(text.slice(at, end), at, end, true);
    else if (BREAKS[kind] && pendingBreak < 0 && projected > 0) pendingBreak = at;
    at = end;
  }
  const projection = parts.join('');
  const pieceOf = (offset: number): number => {
    let low = 0;
    let high = projStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((projStarts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  return {
    text: projection,
    unitsByKind,
    inputStart(offset) {
      const i = pieceOf(offset);
      return copied[i] ? (inStarts[i] as number) + offset - (projStarts[i] as number) : (inStarts[i] as number);
    },
    inputEnd(offset) {
      const i = pieceOf(offset - 1);
      return copied[i] ? (inStarts[i] as number) + offset - (projStarts[i] as number) : (inEnds[i] as number);
    },
  };
}
