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
   * Write `kinds` through mark and replace only, or the bits go stale.
   */
  readonly boundaries: Uint32Array;
  readonly replacements: Replacement[] = [];
  readonly comments: CommentSpan[] = [];

  constructor(readonly text: string) {
    this.kinds = new Uint8Array(text.length);
    this.boundaries = new Uint32Array((text.length >>> 5) + 1);
  }

  /** Where the run of equal kinds that contains `at` ends (at most the text's length). */
  runEnd(at: number): number {
    const kinds = this.kinds;
    const n = kinds.length;
    const kind = kinds[at];
    let end = this.nextBoundary(at + 1);
    while (end < n && kinds[end] === kind) end = this.nextBoundary(end + 1);
    return end;
  }

  /** The first offset at or after `from` where a mark starts or ends, or the text's length. */
  private nextBoundary(from: number): number {
    const n = this.kinds.length;
    if (from >= n) return n;
    const words = this.boundaries;
    let word = from >>> 5;
    let bits = (words[word] as number) & (-1 << (from & 31));
    while (bits === 0) {
      word++;
      if (word << 5 >= n) return n;
      bits = words[word] as number;
    }
    return Math.min(n, (word << 5) + 31 - Math.clz32(bits & -bits));
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
