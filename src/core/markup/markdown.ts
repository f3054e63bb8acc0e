// The Markdown reader: CommonMark with GitHub's tables, strikethrough and
// autolink literals, in two phases as CommonMark defines them: blocks first
// (markdown-blocks.ts), then the inlines of each paragraph, heading and table
// cell (markdown-inlines.ts). One pass over the input each; no tree is built.
import { BlockReader } from './markdown-blocks';
import { InlineReader } from './markdown-inlines';
import type { MarkdownTrace } from './markdown-trace';
import { type CommentSpan, UnitMask } from './mask';

export interface MarkdownOptions {
  /**
   * The extensions beyond CommonMark: front matter and GFM tables, task list
   * markers, strikethrough and autolink literals. Default on; off only to
   * compare with the CommonMark reference.
   */
  readonly extensions?: boolean;
  /** Records every node for the conformance test; scans leave it out. */
  readonly trace?: MarkdownTrace;
}

/** Marks what in a Markdown text is not prose. */
export function readMarkdown(text: string, options: MarkdownOptions = {}): UnitMask {
  const mask = new UnitMask(text);
  const extensions = options.extensions ?? true;
  const inlines = new InlineReader(mask, { extensions }, options.trace);
  const blocks = new BlockReader(mask, extensions, options.trace);
  blocks.onParagraph = (lines) => inlines.readDefinitions(lines);
  blocks.readInlines = (lines) => inlines.read(lines);
  blocks.read();
  mask.lineStarts = blocks.lineStarts;
  for (const run of blocks.runs) inlines.read(run.segments);
  // HTML blocks, headings and cells are read before paragraphs; directives take turns by position.
  sortByStart(mask.comments);
  return mask;
}

function sortByStart(comments: CommentSpan[]): void {
  for (let i = 1; i < comments.length; i++) {
    if ((comments[i] as CommentSpan).start < (comments[i - 1] as CommentSpan).start) {
      comments.sort((a, b) => a.start - b.start);
      return;
    }
  }
}
