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

/** A growable list of piece offsets: three numbers per piece, no object per piece. */
class Pieces {
  /** Per piece: projection start, input start, and input end for a stand-in or -1 for a copied run. */
  data: Int32Array;
  count = 0;

  constructor(expected: number) {
    this.data = new Int32Array(3 * Math.max(16, expected));
  }

  add(projected: number, inStart: number, inEnd: number): void {
    const at = 3 * this.count++;
    if (at + 3 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[at] = projected;
    this.data[at + 1] = inStart;
    this.data[at + 2] = inEnd;
  }

  /** The last piece starting at or before projection offset `offset`: binary search. */
  of(offset: number): number {
    const data = this.data;
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if ((data[3 * mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}

/**
 * Builds the projection from a mask. Pieces are runs copied from the input
 * (offsets shift by a constant) and single stand-ins (a reference or a
 * separator), which map to their whole input range. The mask's run starts
 * lead from run to run, so the cost follows the number of runs, not of units.
 */
export function project(mask: UnitMask): Projection {
  const { text, kinds } = mask;
  const replacements = mask.replacements.length < 2 ? mask.replacements : [...mask.replacements].sort((a, b) => a.start - b.start);
  // Appending builds a rope that the scanner's first read flattens in one native pass: cheaper than join.
  let projection = '';
  const starts = mask.runStarts();
  // A piece per prose run, per reference, and per separator (each stands for a skipped run): no growing.
  const pieces = new Pieces(starts.length + replacements.length);
  let projected = 0;
  let nextReplacement = 0;
  /** Input offset of a separator not yet written (written only before more prose), or -1. */
  let pendingBreak = -1;
  const unitsByKind = new Array<number>(BREAKS.length).fill(0);
  for (let run = 0; run + 1 < starts.length; run++) {
    const at = starts[run] as number;
    const end = starts[run + 1] as number;
    const kind = kinds[at] as UnitKind;
    if (kind !== UnitKind.prose && kind !== UnitKind.reference) {
      unitsByKind[kind] = (unitsByKind[kind] as number) + end - at;
      if (BREAKS[kind] && pendingBreak < 0 && projected > 0) pendingBreak = at;
      continue;
    }
    // White space alone after a break (between block tags, after a block's end) can join no phrase:
    // left out, it costs no piece here and no units in the scan, and the one separator still stands.
    if (pendingBreak >= 0 && kind === UnitKind.prose && isWhiteSpaceRun(text, at, end)) continue;
    if (pendingBreak >= 0) {
      projection += SEPARATOR;
      pieces.add(projected++, pendingBreak, pendingBreak);
      pendingBreak = -1;
    }
    if (kind === UnitKind.prose) {
      projection += text.slice(at, end);
      pieces.add(projected, at, -1);
      projected += end - at;
      continue;
    }
    // One run of references may hold several, side by side.
    for (let from = at; from < end; ) {
      const replacement = replacements[nextReplacement++];
      if (replacement === undefined || replacement.start !== from) throw new Error(`reference at ${from} not recorded`);
      projection += replacement.text;
      pieces.add(projected, from, replacement.end);
      projected += replacement.text.length;
      from = replacement.end;
    }
  }
  const data = pieces.data;
  return {
    text: projection,
    unitsByKind,
    inputStart(offset) {
      const i = 3 * pieces.of(offset);
      const inEnd = data[i + 2] as number;
      return inEnd < 0 ? (data[i + 1] as number) + offset - (data[i] as number) : (data[i + 1] as number);
    },
    inputEnd(offset) {
      const i = 3 * pieces.of(offset - 1);
      const inEnd = data[i + 2] as number;
      return inEnd < 0 ? (data[i + 1] as number) + offset - (data[i] as number) : inEnd;
    },
  };
}

/** Whether text[at, end) is all ASCII white space (space, tab, line feed, form feed, carriage return). */
function isWhiteSpaceRun(text: string, at: number, end: number): boolean {
  for (let i = at; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) return false;
  }
  return true;
}
