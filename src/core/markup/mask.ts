// What a markup reader hands to the projection: for every UTF-16 unit of the
// input, whether it is prose or why it is not, plus the character references
// that stand for other characters. Readers only mark; projection.ts builds the
// text the scanner sees.

/** Why a unit is not scanned, and whether the region breaks a phrase. */
export const UnitKind = {
  /** Scanned as it is. */
  prose: 0,
  /** Code: fenced and indented blocks, code spans, script/style/pre/code… contents. Breaks a phrase. */
  code: 1,
  /** Inline markers (emphasis, brackets, tags, escapes): dropped, the prose on both sides joins. */
  markup: 2,
  /** Markup that separates what is on its two sides (table pipes, block tags, HTML blocks). Breaks a phrase. */
  markupBreak: 3,
  /** Autolinks and bare URLs. Breaks a phrase. */
  url: 4,
  /** Link destinations and titles: dropped like inline markers. */
  urlDropped: 5,
  /** YAML or TOML front matter. Breaks a phrase. */
  frontMatter: 6,
  /** A line ending that closes a block: breaks a phrase, counted as prose. */
  blockEnd: 7,
  /** A character reference: scanned as the characters it stands for. */
  reference: 8,
} as const;
export type UnitKind = (typeof UnitKind)[keyof typeof UnitKind];

/** Kinds after which the projection puts a separator no phrase can span. */
export const BREAKS: readonly boolean[] = [false, true, false, true, true, false, true, true, false];

/** A character reference: the units [start, end) of the input read as `text`. */
export interface Replacement {
  readonly start: number;
  readonly end: number;
  /** Grows when one reference stands for two code points (`&ngE;`). */
  text: string;
}

/** An HTML comment's body, where ignore directives live. */
export interface CommentSpan {
  /** Offset of `<!--`. */
  readonly start: number;
  /** Offset just after `-->` (or the end of the input when unterminated). */
  readonly end: number;
  /** The text between `<!--` and `-->`. */
  readonly body: string;
}

/** The result of reading one input as Markdown or HTML. */
export class UnitMask {
  readonly kinds: Uint8Array;
  /**
   * One bit per offset: set where a mark starts or ends. `kinds` only changes
   * at such offsets, so the projection visits runs instead of every unit.
   * Offset 0 is always set, so every run starts at a set bit.
   * Write `kinds` through mark and replace only, or the bits go stale.
   */
  readonly boundaries: Uint32Array;
  readonly replacements: Replacement[] = [];
  readonly comments: CommentSpan[] = [];
  /** Where each line starts, when the reader walked the lines anyway (Markdown); null otherwise. */
  lineStarts: readonly number[] | null = null;

  constructor(readonly text: string) {
    this.kinds = new Uint8Array(text.length);
    this.boundaries = new Uint32Array((text.length >>> 5) + 1);
    this.boundaries[0] = 1;
  }

  /**
   * Where each run of equal kinds starts, in order (0 first), then the
   * text's length. One pass over the boundary words: the cost follows the
   * number of marks, not of units.
   */
  runStarts(): Int32Array {
    const kinds = this.kinds;
    const n = kinds.length;
    const words = this.boundaries;
    let starts = new Int32Array(64);
    let count = 0;
    let kind = -1;
    for (let word = 0; word < words.length; word++) {
      let bits = words[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const at = (word << 5) + 31 - Math.clz32(low);
        if (at >= n) break;
        if (kinds[at] === kind) continue;
        kind = kinds[at] as number;
        if (count + 1 >= starts.length) {
          const grown = new Int32Array(starts.length * 2);
          grown.set(starts);
          starts = grown;
        }
        starts[count++] = at;
      }
    }
    starts[count++] = n;
    return starts.subarray(0, count);
  }

  private bound(start: number, end: number): void {
    const words = this.boundaries;
    words[start >>> 5] = (words[start >>> 5] as number) | (1 << (start & 31));
    words[end >>> 5] = (words[end >>> 5] as number) | (1 << (end & 31));
  }

  mark(start: number, end: number, kind: UnitKind): void {
    if (end <= start) return;
    this.bound(start, end);
    // Most marks are a few units (a marker, a pipe): a loop beats the call into fill.
    if (end - start > 16) this.kinds.fill(kind, start, end);
    else for (let i = start; i < end; i++) this.kinds[i] = kind;
  }

  /** Marks [start, end) as a reference read as `text`; kept in input order by the caller or sorted later. */
  replace(start: number, end: number, text: string): void {
    if (end > start) this.bound(start, end);
    this.kinds.fill(UnitKind.reference, start, end);
    this.replacements.push({ start, end, text });
  }
}
