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
  readonly replacements: Replacement[] = [];
  readonly comments: CommentSpan[] = [];

  constructor(readonly text: string) {
    this.kinds = new Uint8Array(text.length);
  }

  mark(start: number, end: number, kind: UnitKind): void {
    // Most marks are a few units (a marker, a pipe): a loop beats the call into fill.
    if (end - start > 16) this.kinds.fill(kind, start, end);
    else for (let i = start; i < end; i++) this.kinds[i] = kind;
  }

  /** Marks [start, end) as a reference read as `text`; kept in input order by the caller or sorted later. */
  replace(start: number, end: number, text: string): void {
    this.kinds.fill(UnitKind.reference, start, end);
    this.replacements.push({ start, end, text });
  }
}
