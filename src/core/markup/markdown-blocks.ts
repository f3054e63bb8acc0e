// Phase one of the Markdown reader: the block structure (CommonMark section 4
// and 5, GFM tables), line by line, in the way CommonMark's reference parser
// does it: match the open containers, look for new block starts, then give the
// rest of the line to the open leaf. It builds no tree: it marks code blocks,
// HTML blocks, markers and front matter in the mask, and hands the text of
// paragraphs, headings and table cells to phase two (markdown-inlines.ts).
import { Finder, isHtmlSpace, scanCloseTag, scanOpenTag } from './html-syntax';
import { type UnitMask, UnitKind } from './mask';
import type { MarkdownTrace } from './markdown-trace';

const CODE_INDENT = 4;
/** A blank line's walk was recorded; its version is set once the line is done. */
const WALKED = -2;

type BlockType =
  | 'document'
  | 'block_quote'
  | 'list'
  | 'item'
  | 'paragraph'
  | 'heading'
  | 'thematic_break'
  | 'code_block'
  | 'html_block'
  | 'table';

/**
 * One block. A class with every field set in the constructor: all blocks share
 * one shape, so the per-line code that reads them stays monomorphic, and a
 * list item costs one object (thousands of nested items stay cheap).
 */
class Block {
  children = 0;
  /** Lists and items: whether ordered, the marker character, its indentation, the content's padding. */
  ordered = false;
  marker = 0;
  markerOffset = 0;
  padding = 0;
  /** Fenced code: the fence character (-1 for indented code), its length and indentation. */
  fenceChar = -1;
  fenceLength = 0;
  fenceOffset = 0;
  htmlType = 0;
  tableColumns = 0;

  constructor(
    /** Changes once: a paragraph becomes a setext heading. */
    public type: BlockType,
    /** Lines of a leaf: pairs of input offsets [content start, content end). */
    public lines: number[],
    /** For each line: the line ending's [start, end). */
    public endings: number[],
  ) {}

  /** A closed container made new, as a container of `type`. */
  reset(type: BlockType): void {
    this.type = type;
    this.children = 0;
    this.ordered = false;
    this.marker = 0;
    this.markerOffset = 0;
    this.padding = 0;
    this.fenceChar = -1;
    this.fenceLength = 0;
    this.fenceOffset = 0;
    this.htmlType = 0;
    this.tableColumns = 0;
  }
}

/** Text a phase-two pass reads: pairs of input offsets [start, end), one per line. */
export interface InlineRun {
  readonly segments: readonly number[];
}

const isSpaceOrTab = (c: number) => c === 32 || c === 9;

const BLOCK_TAG_NAMES = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li ' +
    'link main menu menuitem nav noframes ol optgroup option p param section search summary table tbody td tfoot th ' +
    'thead title tr track ul'
  ).split(' '),
);
const RAW_TEXT_TAGS = ['script', 'pre', 'textarea', 'style'];

/** Reads the blocks of a Markdown text into the mask; returns the inline runs and link labels. */
export class BlockReader {
  private readonly s: string;
  private readonly n: number;
  private readonly open: Block[] = [];
  private lineStart = 0;
  private lineEnd = 0;
  private lineBreakEnd = 0;
  private offset = 0;
  private column = 0;
  private nextNonspace = 0;
  private nextNonspaceColumn = 0;
  /**
   * The last white-space run findNextNonspace read: from `runFrom` on the
   * line at `runLine` up to `nextNonspace`. A line inside k containers asks
   * for its next non-space once per container while its indentation is
   * consumed a few columns at a time; reading the run again each time made
   * such a line cost k² (400-deep lists took 35 times prose).
   */
  private runLine = -1;
  private runFrom = 0;
  private indent = 0;
  private indented = false;
  private blank = false;
  private partiallyConsumedTab = false;
  private allClosed = true;
  private lastMatched = 0;
  private oldTip = 0;
  private readonly finder: Finder;
  /** Changes whenever a block is opened or closed. */
  private version = 0;
  /**
   * How far the last blank line matched the open blocks, for as long as they
   * stay the same. Without it, each blank line under thousands of nested list
   * items would walk all of them again: quadratic. Valid while
   * `blankWalkVersion` is `version`; -1 when no blank line was walked.
   */
  private blankWalkVersion = -1;
  private blankWalkDepth = 0;
  private thematicBreakFailed = { line: -1, char: 0, from: 0, until: 0 };
  readonly runs: InlineRun[] = [];
  /** Where each line starts, in order: the scan's line index needs no pass of its own. */
  readonly lineStarts: number[] = [0];
  private readonly spareContainers: Block[] = [];
  private readonly closedParagraphs: Block[] = [];
  /** Paragraphs read as they closed, for the next paragraph to reuse. */
  private readonly spareParagraphs: Block[] = [];

  constructor(
    private readonly mask: UnitMask,
    /** Front matter, GFM tables and task list markers. */
    private readonly extensions: boolean,
    private readonly trace?: MarkdownTrace,
  ) {
    this.s = mask.text;
    this.n = this.s.length;
    this.finder = new Finder(this.s);
    this.open.push(this.block('document'));
  }

  private block(type: BlockType): Block {
    if (type === 'paragraph') {
      const spare = this.spareParagraphs.pop();
      if (spare !== undefined) {
        spare.reset(type);
        // New empty arrays cost less than truncating the old ones (a call into the runtime each).
        spare.lines = [];
        spare.endings = [];
        return spare;
      }
    }
    // Containers hold no lines: one shared frozen array spares two allocations per list item
    // (thousands of nested items stay cheap), and a push into it would throw rather than corrupt.
    if (!isContainer(type)) return new Block(type, [], []);
    const spare = this.spareContainers.pop();
    if (spare === undefined) return new Block(type, NO_LINES, NO_LINES);
    spare.reset(type);
    return spare;
  }

  private get tip(): Block {
    return this.open[this.open.length - 1] as Block;
  }

  read(): void {
    let at = this.extensions ? this.frontMatter() : 0;
    // Without a \r anywhere, lines end at \n and indexOf finds them natively.
    const onlyNewlines = !this.s.includes('\r');
    for (let i = 0; i < at; i++) {
      // Front matter's lines: \n, \r\n or \r ends each, as everywhere.
      const c = this.s.charCodeAt(i);
      if ((c === 10 || (c === 13 && this.s.charCodeAt(i + 1) !== 10)) && i + 1 < this.n) this.lineStarts.push(i + 1);
    }
    while (at < this.n) {
      if (at > 0 && at !== this.lineStarts[this.lineStarts.length - 1]) this.lineStarts.push(at);
      let end = at;
      if (onlyNewlines) {
        end = this.s.indexOf('\n', at);
        if (end === -1) end = this.n;
      } else {
        while (end < this.n) {
          const c = this.s.charCodeAt(end);
          if (c === 10 || c === 13) break;
          end++;
        }
      }
      let breakEnd = end;
      if (end < this.n) breakEnd = this.s.charCodeAt(end) === 13 && this.s.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      this.lineStart = at;
      this.lineEnd = end;
      this.lineBreakEnd = breakEnd;
      this.incorporateLine();
      // A blank line's walk holds for the next blank line while no block opens or closes.
      if (this.blankWalkVersion !== -1) this.blankWalkVersion = this.version;
      at = breakEnd;
      // The body of a fenced code block at the top level ends only at its closing fence or the end:
      // one search finds it, without reading each line as a block. The trace wants every line.
      if (onlyNewlines && this.trace === undefined && this.open.length === 2) {
        const tip = this.tip;
        if (tip.type === 'code_block' && tip.fenceChar !== -1) at = this.skipFencedBody(tip, at);
      }
    }
    while (this.open.length > 0) this.finalize();
    for (const paragraph of this.closedParagraphs) {
      if (this.consumeReferenceDefinitions(paragraph) > 0) this.runs.push({ segments: paragraph.lines });
    }
  }

  /**
   * Reads the lines of the top-level fenced code block `block` from `at` up to
   * and with its closing fence (closing the block), or to the end of the input
   * (leaving it open); returns where the next line starts. Only for input
   * without \r. The lines are not kept: finalize marks the whole block at once.
   */
  private skipFencedBody(block: Block, at: number): number {
    const s = this.s;
    const fenceChar = block.fenceChar;
    while (at < this.n) {
      this.lineStarts.push(at);
      let end = s.indexOf('\n', at);
      if (end === -1) end = this.n;
      const breakEnd = end < this.n ? end + 1 : end;
      // A closing fence: at most three spaces (a tab indents to column 4), the fence, then spaces or tabs.
      let fence = at;
      while (fence < end && fence - at < 4 && s.charCodeAt(fence) === 32) fence++;
      if (fence - at <= 3 && s.charCodeAt(fence) === fenceChar) {
        this.lineEnd = end;
        const fenceEnd = this.closingFenceEnd(fence, fenceChar);
        if (fenceEnd - fence >= block.fenceLength) {
          this.mask.mark(fence, end, UnitKind.code);
          block.endings.push(end, breakEnd);
          this.finalize();
          this.blankWalkVersion = -1;
          return breakEnd;
        }
      }
      if (breakEnd === this.n) block.endings.push(end, breakEnd);
      at = breakEnd;
    }
    this.blankWalkVersion = -1;
    return at;
  }

  /** YAML (`---`) or TOML (`+++`) front matter at the very start, up to its closing line. */
  private frontMatter(): number {
    const fence = this.s.startsWith('---', 0) ? '---' : this.s.startsWith('+++', 0) ? '+++' : null;
    if (fence === null) return 0;
    let at = 3;
    while (isSpaceOrTab(this.s.charCodeAt(at))) at++;
    if (at < this.n && this.s.charCodeAt(at) !== 10 && this.s.charCodeAt(at) !== 13) return 0;
    // Find a line that is exactly the fence (or `...` for YAML), trailing spaces allowed.
    let lineStart = this.s.indexOf('\n', at) + 1;
    while (lineStart > 0) {
      let end = lineStart;
      while (end < this.n && this.s.charCodeAt(end) !== 10 && this.s.charCodeAt(end) !== 13) end++;
      let contentEnd = end;
      while (contentEnd > lineStart && isSpaceOrTab(this.s.charCodeAt(contentEnd - 1))) contentEnd--;
      const line = this.s.slice(lineStart, contentEnd);
      if (line === fence || (fence === '---' && line === '...')) {
        const after = end < this.n ? (this.s.charCodeAt(end) === 13 && this.s.charCodeAt(end + 1) === 10 ? end + 2 : end + 1) : end;
        this.mask.mark(0, after, UnitKind.frontMatter);
        return after;
      }
      lineStart = end < this.n ? this.s.indexOf('\n', end) + 1 : 0;
    }
    return 0;
  }

  // --- The reference parser's cursor over one line -------------------------

  private findNextNonspace(): void {
    if (this.runLine === this.lineStart && this.offset >= this.runFrom && this.offset <= this.nextNonspace) {
      // Still inside the run read before: the same next non-space, at the same
      // column (after a tab, the column is the next tab stop wherever the count began).
      this.indent = this.nextNonspaceColumn - this.column;
      this.indented = this.indent >= CODE_INDENT;
      return;
    }
    let i = this.offset;
    let cols = this.column;
    this.runLine = this.lineStart;
    this.runFrom = i;
    while (i < this.lineEnd) {
      const c = this.s.charCodeAt(i);
      if (c === 32) {
        i++;
        cols++;
      } else if (c === 9) {
        i++;
        cols += 4 - (cols % 4);
      } else break;
    }
    this.blank = i === this.lineEnd;
    this.nextNonspace = i;
    this.nextNonspaceColumn = cols;
    this.indent = cols - this.column;
    this.indented = this.indent >= CODE_INDENT;
  }

  private advanceOffset(count: number, columns: boolean): void {
    while (count > 0 && this.offset < this.lineEnd) {
      if (this.s.charCodeAt(this.offset) === 9) {
        const charsToTab = 4 - (this.column % 4);
        if (columns) {
          this.partiallyConsumedTab = charsToTab > count;
          const advance = Math.min(count, charsToTab);
          this.column += advance;
          this.offset += this.partiallyConsumedTab ? 0 : 1;
          count -= advance;
        } else {
          this.partiallyConsumedTab = false;
          this.column += charsToTab;
          this.offset += 1;
          count -= 1;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset += 1;
        this.column += 1;
        count -= 1;
      }
    }
  }

  private advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }

  private isBlankLine(): boolean {
    for (let i = this.lineStart; i < this.lineEnd; i++) {
      const c = this.s.charCodeAt(i);
      if (c !== 32 && c !== 9) return false;
    }
    return true;
  }

  private peek(at: number): number {
    return at < this.lineEnd ? this.s.charCodeAt(at) : -1;
  }

  // --- Tree operations on the stack of open blocks --------------------------

  private addChild(type: BlockType): Block {
    while (!canContain(this.tip.type, type)) this.finalize();
    this.tip.children++;
    const block = this.block(type);
    this.open.push(block);
    this.version++;
    return block;
  }

  private closeUnmatchedBlocks(): void {
    if (this.allClosed) return;
    while (this.oldTip > this.lastMatched) {
      this.finalize();
      this.oldTip--;
    }
    this.allClosed = true;
  }

  private addLine(): void {
    const block = this.tip;
    // A tab only partly consumed by indentation: the reference turns its rest into
    // spaces; here the tab stays whole in the content (an exception docs/markup.md lists).
    if (this.partiallyConsumedTab && this.trace) this.trace.partialTab = true;
    block.lines.push(this.offset, this.lineEnd);
    block.endings.push(this.lineEnd, this.lineBreakEnd);
  }

  // --- One line ----------------------------------------------------------------

  /**
   * Most lines are prose or blank at the top level. A prose line starts a
   * paragraph or continues the open one: it begins with no white space and no
   * character that can start a block, so it matches the general path's outcome
   * without trying a block start. A blank line with nothing open does nothing.
   * False for any other line, which takes the general path.
   */
  private plainLine(): boolean {
    const depth = this.open.length;
    const c = this.s.charCodeAt(this.lineStart);
    // A blank line with only the document open changes nothing.
    if (depth === 1 && (this.lineStart === this.lineEnd || (isSpaceOrTab(c) && this.isBlankLine()))) {
      this.blankWalkVersion = -1;
      return true;
    }
    if (depth > 2 || this.lineStart >= this.lineEnd || isSpaceOrTab(c) || maybeSpecial(c)) return false;
    if (depth === 2 && this.tip.type !== 'paragraph') return false;
    this.offset = this.lineStart;
    this.column = 0;
    this.blank = false;
    this.partiallyConsumedTab = false;
    this.blankWalkVersion = -1;
    this.allClosed = true;
    this.oldTip = this.lastMatched = depth - 1;
    if (depth === 1) this.addChild('paragraph');
    this.addLine();
    return true;
  }

  private incorporateLine(): void {
    if (this.plainLine()) return;
    let depth = 0;
    this.oldTip = this.open.length - 1;
    this.offset = this.lineStart;
    this.column = 0;
    this.blank = false;
    this.partiallyConsumedTab = false;

    if (this.blankWalkVersion === this.version && this.isBlankLine()) {
      // The same open blocks met a blank line just before: they answer the same (see blankWalkDepth).
      depth = this.blankWalkDepth;
      this.findNextNonspace();
      this.advanceNextNonspace();
    } else {
      let plain = true;
      while (depth + 1 < this.open.length) {
        const container = this.open[depth + 1] as Block;
        this.findNextNonspace();
        if (container.type === 'code_block' || container.type === 'html_block') plain = false;
        const result = this.continues(container);
        if (result === 2) return;
        if (result === 1) break;
        depth++;
      }
      // Only a wholly blank line: `>` and spaces also leave the rest blank, but match differently.
      // The version is filled in once the line is done (read), after the blocks it closes.
      this.blankWalkVersion = plain && this.blank && this.isBlankLine() ? WALKED : -1;
      this.blankWalkDepth = depth;
    }
    this.allClosed = depth === this.oldTip;
    this.lastMatched = depth;
    let container = this.open[depth] as Block;

    let matchedLeaf = container.type !== 'paragraph' && container.type !== 'table' && acceptsLines(container.type);
    while (!matchedLeaf) {
      this.findNextNonspace();
      if (!this.indented && !maybeSpecial(this.peek(this.nextNonspace))) {
        this.advanceNextNonspace();
        break;
      }
      const started = this.blockStart(container);
      if (started === 0) {
        this.advanceNextNonspace();
        break;
      }
      container = this.tip;
      if (started === 2) matchedLeaf = true;
    }

    if (!this.allClosed && !this.blank && this.tip.type === 'paragraph') {
      // A lazy continuation line.
      this.addLine();
      return;
    }
    this.closeUnmatchedBlocks();
    const tip = this.tip;
    if (tip.type === 'table' && !this.blank) {
      this.addLine();
    } else if (acceptsLines(tip.type) && tip.type !== 'table') {
      this.addLine();
      if (tip.type === 'html_block' && tip.htmlType <= 5 && this.closesHtmlBlock(tip.htmlType)) {
        this.finalize();
      }
    } else if (this.offset < this.lineEnd && !this.blank) {
      this.addChild('paragraph');
      this.advanceNextNonspace();
      this.addLine();
    }
  }

  /** 0: matched, 1: not matched, 2: the line is done (a closing fence). */
  private continues(container: Block): 0 | 1 | 2 {
    switch (container.type) {
      case 'document':
      case 'list':
        return 0;
      case 'block_quote':
        if (!this.indented && this.peek(this.nextNonspace) === 62) {
          this.advanceNextNonspace();
          this.quoteMarker();
          return 0;
        }
        return 1;
      case 'item': {
        if (this.blank) {
          if (container.children === 0) return 1;
          this.advanceNextNonspace();
        } else if (this.indent >= container.markerOffset + container.padding) {
          this.advanceOffset(container.markerOffset + container.padding, true);
        } else return 1;
        return 0;
      }
      case 'code_block':
        if (container.fenceChar !== -1) {
          if (this.indent <= 3 && this.peek(this.nextNonspace) === container.fenceChar) {
            const fenceEnd = this.closingFenceEnd(this.nextNonspace, container.fenceChar);
            if (fenceEnd - this.nextNonspace >= container.fenceLength) {
              this.mask.mark(this.nextNonspace, this.lineEnd, UnitKind.code);
              container.endings.push(this.lineEnd, this.lineBreakEnd);
              this.finalize();
              return 2;
            }
          }
          let i = container.fenceOffset;
          while (i > 0 && isSpaceOrTab(this.peek(this.offset))) {
            this.advanceOffset(1, true);
            i--;
          }
          return 0;
        }
        if (this.indent >= CODE_INDENT) this.advanceOffset(CODE_INDENT, true);
        else if (this.blank) this.advanceNextNonspace();
        else return 1;
        return 0;
      case 'html_block':
        return this.blank && (container.htmlType === 6 || container.htmlType === 7) ? 1 : 0;
      case 'paragraph':
      case 'table':
        return this.blank ? 1 : 0;
      default:
        return 1;
    }
  }

  /** `>` and the space after it: one mark, so nested quotes (`> > > x`) make one run, not two per marker. */
  private quoteMarker(): void {
    const start = this.offset;
    this.advanceOffset(1, false);
    if (isSpaceOrTab(this.peek(this.offset))) this.advanceOffset(1, true);
    this.mask.mark(start, Math.max(start + 1, this.offset), UnitKind.markup);
  }

  /** End of a closing fence of `fenceChar` at `at` followed only by spaces, or `at` when there is none. */
  private closingFenceEnd(at: number, fenceChar: number): number {
    let end = at;
    while (end < this.lineEnd && this.s.charCodeAt(end) === fenceChar) end++;
    if (end - at < 3) return at;
    let rest = end;
    while (rest < this.lineEnd && isSpaceOrTab(this.s.charCodeAt(rest))) rest++;
    return rest === this.lineEnd ? end : at;
  }

  /** Tries each block start in the reference parser's order: 0 none, 1 container, 2 leaf. */
  private blockStart(container: Block): 0 | 1 | 2 {
    const at = this.nextNonspace;
    const c = this.peek(at);
    if (!this.indented) {
      if (c === 62) {
        this.advanceNextNonspace();
        this.quoteMarker();
        this.closeUnmatchedBlocks();
        this.addChild('block_quote');
        return 1;
      }
      if (c === 35 && this.atxHeading()) return 2;
      if ((c === 96 || c === 126) && this.fencedCode(c)) return 2;
      if (c === 60 && this.htmlBlock(container)) return 2;
      if (this.extensions && container.type === 'paragraph' && this.tableStart(container)) return 2;
      if (container.type === 'paragraph' && (c === 61 || c === 45) && this.setextHeading(container)) return 2;
      if ((c === 42 || c === 95 || c === 45) && this.thematicBreak(c)) return 2;
    }
    if ((!this.indented || container.type === 'list') && this.listItem(container)) return 1;
    if (this.indented && this.tip.type !== 'paragraph' && !this.blank) {
      this.advanceOffset(CODE_INDENT, true);
      this.closeUnmatchedBlocks();
      this.addChild('code_block');
      return 2;
    }
    return 0;
  }

  private atxHeading(): boolean {
    const start = this.nextNonspace;
    let at = start;
    while (at < this.lineEnd && this.s.charCodeAt(at) === 35) at++;
    const level = at - start;
    if (level > 6 || (at < this.lineEnd && !isSpaceOrTab(this.s.charCodeAt(at)))) return false;
    this.closeUnmatchedBlocks();
    const heading = this.addChild('heading');
    this.mask.mark(start, at, UnitKind.markup);
    // Content: trimmed, without a closing run of `#` preceded by a space (or alone).
    let contentStart = at;
    while (contentStart < this.lineEnd && isSpaceOrTab(this.s.charCodeAt(contentStart))) contentStart++;
    let contentEnd = this.lineEnd;
    while (contentEnd > contentStart && isSpaceOrTab(this.s.charCodeAt(contentEnd - 1))) contentEnd--;
    let hashes = contentEnd;
    while (hashes > contentStart && this.s.charCodeAt(hashes - 1) === 35) hashes--;
    if (hashes < contentEnd && (hashes === contentStart || isSpaceOrTab(this.s.charCodeAt(hashes - 1)))) {
      this.mask.mark(hashes, contentEnd, UnitKind.markup);
      contentEnd = hashes;
      while (contentEnd > contentStart && isSpaceOrTab(this.s.charCodeAt(contentEnd - 1))) contentEnd--;
    }
    heading.lines.push(contentStart, contentEnd);
    heading.endings.push(this.lineEnd, this.lineBreakEnd);
    this.offset = this.lineEnd;
    return true;
  }

  private fencedCode(fenceChar: number): boolean {
    const start = this.nextNonspace;
    let at = start;
    while (at < this.lineEnd && this.s.charCodeAt(at) === fenceChar) at++;
    if (at - start < 3) return false;
    // A backtick fence's info string may not contain a backtick.
    if (fenceChar === 96) {
      for (let i = at; i < this.lineEnd; i++) if (this.s.charCodeAt(i) === 96) return false;
    }
    this.closeUnmatchedBlocks();
    const block = this.addChild('code_block');
    block.fenceChar = fenceChar;
    block.fenceLength = at - start;
    block.fenceOffset = this.indent;
    this.mask.mark(start, this.lineEnd, UnitKind.code);
    block.endings.push(this.lineEnd, this.lineBreakEnd);
    this.offset = this.lineEnd;
    return true;
  }

  private htmlBlock(container: Block): boolean {
    const at = this.nextNonspace;
    const type = this.htmlBlockType(at, container);
    if (type === 0) return false;
    this.closeUnmatchedBlocks();
    const block = this.addChild('html_block');
    block.htmlType = type;
    return true;
  }

  private htmlBlockType(at: number, container: Block): number {
    const s = this.s;
    const next = s.charCodeAt(at + 1);
    const nameEnd = (from: number) => {
      let i = from;
      while (i < this.lineEnd && /[A-Za-z0-9]/.test(s.charAt(i))) i++;
      return i;
    };
    // Type 1: <script, <pre, <textarea, <style followed by space, `>` or the line end.
    const name1End = nameEnd(at + 1);
    const name1 = s.slice(at + 1, name1End).toLowerCase();
    if (RAW_TEXT_TAGS.includes(name1)) {
      const after = this.peek(name1End);
      if (after === -1 || after === 62 || isHtmlSpace(after)) return 1;
    }
    if (s.startsWith('<!--', at)) return 2;
    if (next === 63) return 3;
    if (next === 33 && /[A-Za-z]/.test(s.charAt(at + 2))) return 4;
    if (s.startsWith('<![CDATA[', at)) return 5;
    const nameStart = next === 47 ? at + 2 : at + 1;
    const name6End = nameEnd(nameStart);
    if (BLOCK_TAG_NAMES.has(s.slice(nameStart, name6End).toLowerCase())) {
      const after = this.peek(name6End);
      if (after === -1 || isHtmlSpace(after) || after === 62 || (after === 47 && this.peek(name6End + 1) === 62)) return 6;
    }
    // Type 7: one complete open or closing tag alone on the line; cannot interrupt a paragraph.
    const lazyParagraph = !this.allClosed && !this.blank && this.tip.type === 'paragraph';
    if (container.type !== 'paragraph' && !lazyParagraph) {
      const tagEnd = next === 47 ? scanCloseTag(s, at, this.lineEnd) : scanOpenTag(s, at, this.lineEnd, this.finder);
      if (tagEnd !== -1) {
        let rest = tagEnd;
        while (rest < this.lineEnd && isHtmlSpace(s.charCodeAt(rest))) rest++;
        if (rest === this.lineEnd) {
          const tagName = s.slice(nameStart, name6End).toLowerCase();
          // An open tag of a type-1 name already failed type 1 (e.g. `<pre/>` is not raw text).
          if (!(next !== 47 && RAW_TEXT_TAGS.includes(tagName))) return 7;
        }
      }
    }
    return 0;
  }

  private closesHtmlBlock(type: number): boolean {
    const line = this.s.slice(this.offset, this.lineEnd);
    switch (type) {
      case 1:
        return /<\/(?:script|pre|textarea|style)>/i.test(line);
      case 2:
        return line.includes('-->');
      case 3:
        return line.includes('?>');
      case 4:
        return line.includes('>');
      default:
        return line.includes(']]>');
    }
  }

  private setextHeading(container: Block): boolean {
    const at = this.nextNonspace;
    const c = this.s.charCodeAt(at);
    let end = at;
    while (end < this.lineEnd && this.s.charCodeAt(end) === c) end++;
    let rest = end;
    while (rest < this.lineEnd && isSpaceOrTab(this.s.charCodeAt(rest))) rest++;
    if (rest !== this.lineEnd) return false;
    this.closeUnmatchedBlocks();
    // A paragraph of nothing but link reference definitions does not become a heading.
    const remaining = this.consumeReferenceDefinitions(container);
    if (remaining === 0) return false;
    this.mask.mark(at, end, UnitKind.markup);
    container.endings.push(this.lineEnd, this.lineBreakEnd);
    container.type = 'heading';
    this.version++;
    this.offset = this.lineEnd;
    return true;
  }

  private thematicBreak(c: number): boolean {
    // `- - - … x` tries a break after every nested list marker; once the rest of a
    // line failed, a later start on it fails too. Without this memo: quadratic.
    const failed = this.thematicBreakFailed;
    if (failed.line === this.lineStart && failed.char === c && this.nextNonspace >= failed.from && this.nextNonspace < failed.until) {
      return false;
    }
    let count = 0;
    let at = this.nextNonspace;
    for (; at < this.lineEnd; at++) {
      const d = this.s.charCodeAt(at);
      if (d === c) count++;
      else if (!isSpaceOrTab(d)) break;
    }
    if (at < this.lineEnd || count < 3) {
      // Any start from here up to the character that broke it (or the line end) fails the same way.
      this.thematicBreakFailed = { line: this.lineStart, char: c, from: this.nextNonspace, until: at < this.lineEnd ? at : at + 1 };
      return false;
    }
    this.closeUnmatchedBlocks();
    const block = this.addChild('thematic_break');
    this.mask.mark(this.nextNonspace, this.lineEnd, UnitKind.markup);
    block.endings.push(this.lineEnd, this.lineBreakEnd);
    this.offset = this.lineEnd;
    return true;
  }

  private listItem(container: Block): boolean {
    if (this.indent >= 4) return false;
    const start = this.nextNonspace;
    const c = this.peek(start);
    let markerEnd: number;
    let ordered = false;
    if (c === 42 || c === 43 || c === 45) {
      markerEnd = start + 1;
    } else {
      let at = start;
      while (at < this.lineEnd && at - start < 9 && this.s.charCodeAt(at) >= 48 && this.s.charCodeAt(at) <= 57) at++;
      const delimiter = this.peek(at);
      if (at === start || (delimiter !== 46 && delimiter !== 41)) return false;
      // Only an ordered list starting at 1 may interrupt a paragraph.
      if (container.type === 'paragraph' && Number(this.s.slice(start, at)) !== 1) return false;
      ordered = true;
      markerEnd = at + 1;
    }
    const after = this.peek(markerEnd);
    if (!(after === -1 || isSpaceOrTab(after))) return false;
    if (container.type === 'paragraph') {
      let rest = markerEnd;
      while (rest < this.lineEnd && isHtmlSpace(this.s.charCodeAt(rest))) rest++;
      if (rest === this.lineEnd) return false;
    }
    const marker = ordered ? this.s.charCodeAt(markerEnd - 1) : c;
    const markerOffset = this.indent;
    let padding: number;
    this.advanceNextNonspace();
    this.advanceOffset(markerEnd - start, true);
    const spacesStartColumn = this.column;
    const spacesStartOffset = this.offset;
    do {
      this.advanceOffset(1, true);
    } while (this.column - spacesStartColumn < 5 && isSpaceOrTab(this.peek(this.offset)));
    const blankItem = this.peek(this.offset) === -1;
    const spacesAfterMarker = this.column - spacesStartColumn;
    if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
      padding = markerEnd - start + 1;
      this.column = spacesStartColumn;
      this.offset = spacesStartOffset;
      if (isSpaceOrTab(this.peek(this.offset))) this.advanceOffset(1, true);
    } else {
      padding = markerEnd - start + spacesAfterMarker;
    }
    this.closeUnmatchedBlocks();
    const tip = this.tip;
    if (tip.type !== 'list' || tip.ordered !== ordered || tip.marker !== marker) {
      setList(this.addChild('list'), ordered, marker, markerOffset, padding);
    }
    setList(this.addChild('item'), ordered, marker, markerOffset, padding);
    // The marker and the spaces it consumes: one mark, so nested markers (`- - - x`) make one run, not two per marker.
    this.mask.mark(start, Math.max(markerEnd, this.offset), UnitKind.markup);
    if (this.extensions) this.taskMarker();
    return true;
  }

  /** GFM task list item: `[ ]` or `[x]` right after the marker is markup. */
  private taskMarker(): void {
    const at = this.offset;
    const s = this.s;
    if (s.charCodeAt(at) !== 91 || s.charCodeAt(at + 2) !== 93 || at + 3 > this.lineEnd) return;
    const mark = s.charCodeAt(at + 1);
    if (mark !== 32 && mark !== 120 && mark !== 88) return;
    const after = this.peek(at + 3);
    if (after !== -1 && !isSpaceOrTab(after)) return;
    this.mask.mark(at, at + 3, UnitKind.markup);
  }

  // --- GFM tables ---------------------------------------------------------------

  /** A delimiter row under a paragraph whose last line has as many cells: the table starts there. */
  private tableStart(paragraph: Block): boolean {
    const columns = this.delimiterRowColumns(this.nextNonspace, this.lineEnd);
    if (columns === 0) return false;
    const lines = paragraph.lines;
    const headerStart = lines[lines.length - 2] as number;
    const headerEnd = lines[lines.length - 1] as number;
    if (splitCells(this.s, headerStart, headerEnd).length / 2 !== columns) return false;
    this.closeUnmatchedBlocks();
    // The paragraph keeps its earlier lines; its last line is the header row.
    lines.length -= 2;
    const endings = paragraph.endings.splice(paragraph.endings.length - 2, 2);
    if (lines.length === 0) {
      this.open.pop();
      this.version++;
    } else this.finalize();
    const table = this.addChild('table');
    table.tableColumns = columns;
    table.lines.push(headerStart, headerEnd);
    table.endings.push(...endings);
    this.mask.mark(this.nextNonspace, this.lineEnd, UnitKind.markupBreak);
    table.endings.push(this.lineEnd, this.lineBreakEnd);
    this.offset = this.lineEnd;
    return true;
  }

  /** Cells of a delimiter row such as `| :-- | --: |`, or 0 when the line is not one. */
  private delimiterRowColumns(start: number, end: number): number {
    const s = this.s;
    let columns = 0;
    let pipes = 0;
    let at = start;
    while (end > at && isSpaceOrTab(s.charCodeAt(end - 1))) end--;
    if (s.charCodeAt(at) === 124) {
      pipes++;
      at++;
    }
    while (at < end) {
      while (at < end && isSpaceOrTab(s.charCodeAt(at))) at++;
      if (at >= end) break;
      if (s.charCodeAt(at) === 58) at++;
      const dashes = at;
      while (at < end && s.charCodeAt(at) === 45) at++;
      if (at === dashes) return 0;
      if (s.charCodeAt(at) === 58) at++;
      while (at < end && isSpaceOrTab(s.charCodeAt(at))) at++;
      columns++;
      if (at < end) {
        if (s.charCodeAt(at) !== 124) return 0;
        pipes++;
        at++;
      }
    }
    return pipes > 0 ? columns : 0;
  }

  // --- Closing blocks -------------------------------------------------------------

  private finalize(): void {
    const block = this.open.pop() as Block;
    this.version++;
    // Nothing refers to a closed container: the next one reuses it (10,000 nested items, closed and opened again,
    // allocate once). Containers, and only they, share NO_LINES: one comparison tells them.
    if (block.lines === NO_LINES) {
      this.spareContainers.push(block);
      return;
    }
    const { lines, endings } = block;
    switch (block.type) {
      case 'paragraph': {
        const bracket = this.finder.next(']', lines[0] as number);
        if (bracket === -1 || bracket >= (lines[lines.length - 1] as number)) {
          // Without a `]`, a paragraph holds no definition and no reference link: no definition
          // further on can change it, so its inlines are read now and the block is reused.
          this.readInlines(lines);
          this.spareParagraphs.push(block);
        } else {
          // Definitions are read once the whole document is, in document order, as the reference does.
          this.closedParagraphs.push(block);
        }
        break;
      }
      case 'heading':
        if (lines.length > 0) this.runs.push({ segments: trimRun(this.s, lines) });
        break;
      case 'code_block': {
        // A fenced block's first line is the rest of its opening fence (the info string), already marked.
        const content = block.fenceChar === -1 ? lines : lines.slice(2);
        if (this.open.length === 1 && endings.length >= 2) {
          // At the top level every unit from the first line to the last is the block's: one mark,
          // so the projection meets one run, not a separator and a line ending per line.
          const from = block.fenceChar === -1 ? (lines[0] as number) : (endings[0] as number);
          this.mask.mark(from, endings[endings.length - 2] as number, UnitKind.code);
        } else {
          for (let i = 0; i < content.length; i += 2) this.mask.mark(content[i] as number, content[i + 1] as number, UnitKind.code);
        }
        this.trace?.codeBlock(this.s, content, block.fenceChar !== -1, (endings[0] ?? lines[0]) as number);
        break;
      }
      case 'html_block':
        if (this.open.length === 1 && lines.length >= 2) {
          // At the top level, as for code blocks: the line endings between the lines are the block's too.
          this.mask.mark(lines[0] as number, lines[lines.length - 1] as number, UnitKind.markupBreak);
        }
        this.htmlBlockLines(lines);
        break;
      case 'table':
        this.tableRows(lines);
        break;
      case 'thematic_break':
        break;
      default:
        return;
    }
    const last = endings.length;
    if (last >= 2) this.mask.mark(endings[last - 2] as number, endings[last - 1] as number, UnitKind.blockEnd);
  }

  private htmlBlockLines(lines: number[]): void {
    for (let i = 0; i < lines.length; i += 2) {
      this.mask.mark(lines[i] as number, lines[i + 1] as number, UnitKind.markupBreak);
    }
    this.trace?.htmlBlock(this.s, lines);
    if (lines.length === 0) return;
    // Comments carry ignore directives; look for them in the block's own lines.
    const first = lines[0] as number;
    const last = lines[lines.length - 1] as number;
    for (let open = this.finder.next('<!--', first); open !== -1 && open < last; ) {
      const close = this.finder.next('-->', open + 4);
      const end = close === -1 || close + 3 > last ? last : close + 3;
      this.mask.comments.push({ start: open, end, body: this.s.slice(open + 4, close === -1 || close + 3 > last ? last : close) });
      open = this.finder.next('<!--', end);
    }
  }

  private tableRows(lines: number[]): void {
    const s = this.s;
    for (let i = 0; i < lines.length; i += 2) {
      let start = lines[i] as number;
      let end = lines[i + 1] as number;
      while (start < end && isSpaceOrTab(s.charCodeAt(start))) start++;
      while (end > start && isSpaceOrTab(s.charCodeAt(end - 1))) end--;
      const cells = splitCells(s, start, end);
      let previous = start;
      for (let c = 0; c < cells.length; c += 2) {
        this.mask.mark(previous, cells[c] as number, UnitKind.markupBreak);
        const run = trimRun(s, [cells[c] as number, cells[c + 1] as number]);
        if ((run[1] as number) > (run[0] as number)) this.runs.push({ segments: run });
        previous = cells[c + 1] as number;
      }
      this.mask.mark(previous, end, UnitKind.markupBreak);
    }
  }

  /**
   * Reads link reference definitions at the start of a paragraph, marks them
   * and drops their lines; returns how many lines remain.
   */
  private consumeReferenceDefinitions(paragraph: Block): number {
    const remaining = this.onParagraph(paragraph.lines);
    if (remaining < paragraph.lines.length) {
      paragraph.lines.splice(0, paragraph.lines.length - remaining);
    }
    return paragraph.lines.length / 2;
  }

  /** Set by the reader: parses definitions from the paragraph lines, returns how many offsets remain. */
  onParagraph: (lines: number[]) => number = (lines) => lines.length;
  /** Reads the inlines of a paragraph that definitions cannot change, as it closes; by default kept as a run. */
  readInlines: (lines: number[]) => void = (lines) => {
    this.runs.push({ segments: lines.slice() });
  };
}

function canContain(parent: BlockType, child: BlockType): boolean {
  switch (parent) {
    case 'document':
    case 'block_quote':
    case 'item':
      return child !== 'item';
    case 'list':
      return child === 'item';
    default:
      return false;
  }
}

const NO_LINES = Object.freeze([]) as unknown as number[];

function isContainer(type: BlockType): boolean {
  return type === 'document' || type === 'list' || type === 'item' || type === 'block_quote';
}

function acceptsLines(type: BlockType): boolean {
  return type === 'paragraph' || type === 'code_block' || type === 'html_block' || type === 'table';
}

// Block starts begin with one of # ` ~ * + _ = < > - 0-9, or | : for a table's delimiter row.
function maybeSpecial(c: number): boolean {
  return (
    c === 35 ||
    c === 96 ||
    c === 126 ||
    c === 42 ||
    c === 43 ||
    c === 95 ||
    c === 61 ||
    c === 60 ||
    c === 62 ||
    c === 45 ||
    (c >= 48 && c <= 57) ||
    c === 124 ||
    c === 58
  );
}

function setList(block: Block, ordered: boolean, marker: number, markerOffset: number, padding: number): void {
  block.ordered = ordered;
  block.marker = marker;
  block.markerOffset = markerOffset;
  block.padding = padding;
}

/** Pairs [start, end) of a table row's cells, split at pipes not escaped by a backslash. */
export function splitCells(s: string, start: number, end: number): number[] {
  while (start < end && isSpaceOrTab(s.charCodeAt(start))) start++;
  while (end > start && isSpaceOrTab(s.charCodeAt(end - 1))) end--;
  if (s.charCodeAt(start) === 124) start++;
  if (end > start && s.charCodeAt(end - 1) === 124 && s.charCodeAt(end - 2) !== 92) end--;
  const cells: number[] = [];
  let cellStart = start;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 124) {
      cells.push(cellStart, i);
      cellStart = i + 1;
    }
  }
  cells.push(cellStart, end);
  return cells;
}

/** The run without white space at its two ends. */
function trimRun(s: string, segments: readonly number[]): number[] {
  const out = segments.slice(0);
  const last = out.length - 1;
  let start = out[0] as number;
  while (start < (out[1] as number) && isHtmlSpace(s.charCodeAt(start))) start++;
  out[0] = start;
  let end = out[last] as number;
  while (end > (out[last - 1] as number) && isHtmlSpace(s.charCodeAt(end - 1))) end--;
  out[last] = end;
  return out;
}
