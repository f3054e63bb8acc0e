// Phase two of the Markdown reader: the inlines of one paragraph, heading or
// table cell (CommonMark section 6, GFM strikethrough and autolinks), left to
// right as the reference parser reads them. It marks code spans, raw HTML,
// autolinks, link destinations and titles, and the markers of emphasis and
// links; it resolves character references. Links use the reference parser's
// bracket stack; emphasis needs no matching: a delimiter run that could open or
// close is dropped, which joins the prose around it as rendering would.
import { readCharacterReference } from './character-references';
import { Finder, isHtmlSpace, scanHtmlTag } from './html-syntax';
import { lastAtOrBefore } from '../scanner/line-index';
import { type UnitMask, UnitKind } from './mask';
import type { MarkdownTrace } from './markdown-trace';

/** A link reference definition, by normalised label. */
interface Definition {
  readonly destination: string;
  readonly title: string | undefined;
}

interface Bracket {
  /** Subject offset of `[` (of `!` for an image). */
  readonly at: number;
  readonly image: boolean;
  /** Links formed before this opener was pushed; a later link deactivates it. */
  readonly linksBefore: number;
  bracketAfter: boolean;
}

/** ASCII punctuation: what a backslash can escape. */
const isAsciiPunctuation = (c: number) => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/u;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** Characters where an inline construct can start (CommonMark). */
const SPECIAL = /[\\`*_[\]!<&]/g;
/** The same with GFM strikethrough and autolink literals. */
const SPECIAL_EXTENDED = /[\\`*_~[\]!<&@]|https?:\/\/|www\./gi;
/** Link destinations nest parentheses at most this deep; deeper, they are not destinations (keeps scans linear). */
const MAX_PAREN_DEPTH = 32;
const MAX_LABEL_UNITS = 999;

/** Segment and input starts of a subject read in place: one line of offset 0, shared and never written. */
const IN_PLACE_STARTS: readonly number[] = [0];

export interface InlineOptions {
  /** GFM strikethrough and autolink literals; off only for conformance against plain CommonMark. */
  readonly extensions: boolean;
}

/** Reads inline runs of one document; link definitions are shared by all runs. */
export class InlineReader {
  private readonly definitions = new Map<string, Definition>();
  // The run being read: its text, joined with \n, and where each line came from.
  private subject = '';
  /** The run is subject[base, limit): the whole input for a run of whole lines, else the lines joined. */
  private base = 0;
  private limit = 0;
  private segmentStarts: readonly number[] = IN_PLACE_STARTS;
  private inputStarts: readonly number[] = IN_PLACE_STARTS;
  /** Searches of the subject, remembered; made on the first search of a copied subject. */
  private finder: Finder | null;
  private readonly inputFinder: Finder;
  /** Backtick runs by length, per subject (the input's are found once for all runs). */
  private backtickRuns: Map<number, number[]> | null = null;
  private inputBacktickRuns: Map<number, number[]> | null = null;
  private brackets: Bracket[] = [];
  /**
   * The last search of the input for a special character: from where, and
   * where it found one (the input's length for none). A run read in place
   * ends with a search past its end; the next run, further on, starts from
   * its answer instead of searching the same stretch again.
   */
  private specialFrom = -1;
  private specialAt = -1;
  private links = 0;

  constructor(
    private readonly mask: UnitMask,
    private readonly options: InlineOptions,
    private readonly trace?: MarkdownTrace,
  ) {
    this.inputFinder = new Finder(mask.text);
    this.finder = this.inputFinder;
  }

  private load(segments: readonly number[]): void {
    const s = this.mask.text;
    if (this.brackets.length > 0) this.brackets.length = 0;
    // Lines that follow each other with a \n between them are read in place, without a copy.
    let inPlace = true;
    for (let i = 2; i < segments.length && inPlace; i += 2) {
      const previousEnd = segments[i - 1] as number;
      inPlace = segments[i] === previousEnd + 1 && s.charCodeAt(previousEnd) === 10;
    }
    if (inPlace) {
      this.subject = s;
      this.base = segments[0] as number;
      this.limit = segments[segments.length - 1] as number;
      this.segmentStarts = IN_PLACE_STARTS;
      this.inputStarts = IN_PLACE_STARTS;
      this.finder = this.inputFinder;
      this.backtickRuns = this.inputBacktickRuns;
      return;
    }
    const parts: string[] = [];
    const segmentStarts: number[] = [];
    const inputStarts: number[] = [];
    this.segmentStarts = segmentStarts;
    this.inputStarts = inputStarts;
    let length = 0;
    for (let i = 0; i < segments.length; i += 2) {
      const start = segments[i] as number;
      const end = segments[i + 1] as number;
      if (i > 0) length += 1;
      segmentStarts.push(length);
      inputStarts.push(start);
      parts.push(s.slice(start, end));
      length += end - start;
    }
    this.subject = parts.join('\n');
    this.base = 0;
    this.limit = this.subject.length;
    this.finder = null;
    this.backtickRuns = null;
  }

  /** Index of the line (segment) holding subject offset `p`: binary search, so long paragraphs stay linear. */
  private segmentOf(p: number): number {
    return lastAtOrBefore(this.segmentStarts, p);
  }

  /** Input offset of subject offset `p`. */
  private input(p: number): number {
    const i = this.segmentOf(p);
    return (this.inputStarts[i] as number) + p - (this.segmentStarts[i] as number);
  }

  /** Marks subject range [a, b), line by line. */
  private mark(a: number, b: number, kind: UnitKind): void {
    if (b <= a) return;
    const starts = this.segmentStarts;
    for (let i = this.segmentOf(a); i < starts.length; i++) {
      const segStart = starts[i] as number;
      if (segStart >= b) break;
      const segEnd = i + 1 < starts.length ? (starts[i + 1] as number) - 1 : this.limit;
      const from = Math.max(a, segStart);
      const to = Math.min(b, segEnd);
      if (to > from) {
        const base = (this.inputStarts[i] as number) - segStart;
        this.mask.mark(base + from, base + to, kind);
      }
    }
  }

  // --- Link reference definitions (read by phase one, before any inline run) -----

  /**
   * Reads link reference definitions at the start of a paragraph (pairs of
   * line offsets), marks them and returns how many offsets remain.
   */
  readDefinitions(lines: readonly number[]): number {
    if (this.mask.text.charCodeAt(lines[0] as number) !== 91) return lines.length;
    this.load(lines);
    const s = this.subject;
    let pos = this.base;
    let consumedLines = 0;
    while (pos < this.limit && s.charCodeAt(pos) === 91) {
      const end = this.definition(pos);
      if (end === -1) break;
      for (let i = pos; i < end; i++) if (s.charCodeAt(i) === 10) consumedLines++;
      if (end >= this.limit) consumedLines = lines.length / 2;
      pos = end;
    }
    return lines.length - consumedLines * 2;
  }

  /** One definition at `start`: the offset after its line, or -1. */
  private definition(start: number): number {
    const s = this.subject;
    const labelEnd = this.linkLabel(start);
    if (labelEnd === -1 || s.charCodeAt(labelEnd) !== 58) return -1;
    let pos = this.spaceAndNewline(labelEnd + 1);
    const destination = this.linkDestination(pos);
    if (destination === null) return -1;
    pos = destination.end;
    const beforeTitle = pos;
    pos = this.spaceAndNewline(pos);
    let title: { start: number; end: number } | null = null;
    if (pos !== beforeTitle) title = this.linkTitle(pos);
    let end = title === null ? beforeTitle : title.end;
    let lineEnd = this.spaceToLineEnd(end);
    if (lineEnd === -1) {
      if (title === null) return -1;
      title = null;
      end = beforeTitle;
      lineEnd = this.spaceToLineEnd(end);
      if (lineEnd === -1) return -1;
    }
    const label = normalizeLabel(s.slice(start, labelEnd));
    if (label === '') return -1;
    if (!this.definitions.has(label)) {
      this.definitions.set(label, {
        destination: s.slice(destination.start, destination.stop),
        title: title === null ? undefined : s.slice(title.start + 1, title.end - 1),
      });
    }
    this.mark(start, lineEnd, UnitKind.markupBreak);
    this.mark(destination.start, destination.stop, UnitKind.url);
    return lineEnd < this.limit ? lineEnd + 1 : lineEnd;
  }

  /** Spaces, then a line end or the subject's end: the offset of that end, or -1. */
  private spaceToLineEnd(pos: number): number {
    const s = this.subject;
    while (pos < this.limit && s.charCodeAt(pos) === 32) pos++;
    return pos >= this.limit || s.charCodeAt(pos) === 10 ? pos : -1;
  }

  // --- Shared pieces of links ---------------------------------------------------

  /** `[label]` at `start` (at most 999 units inside, brackets escaped): the offset after `]`, or -1. */
  private linkLabel(start: number): number {
    const s = this.subject;
    if (s.charCodeAt(start) !== 91) return -1;
    const limit = Math.min(this.limit, start + MAX_LABEL_UNITS + 2);
    for (let i = start + 1; i < limit; i++) {
      const c = s.charCodeAt(i);
      if (c === 92) i++;
      else if (c === 91) return -1;
      else if (c === 93) return i + 1;
    }
    return -1;
  }

  /** Spaces, at most one line end, spaces. */
  private spaceAndNewline(pos: number): number {
    const s = this.subject;
    const limit = this.limit;
    while (pos < limit && s.charCodeAt(pos) === 32) pos++;
    if (pos < limit && s.charCodeAt(pos) === 10) {
      pos++;
      while (pos < limit && s.charCodeAt(pos) === 32) pos++;
    }
    return pos;
  }

  /** A destination at `pos`: its units [start, stop) and the offset after it (after `>` for `<…>`). */
  private linkDestination(pos: number): { start: number; stop: number; end: number } | null {
    const s = this.subject;
    if (s.charCodeAt(pos) === 60) {
      for (let i = pos + 1; i < this.limit; i++) {
        const c = s.charCodeAt(i);
        if (c === 92 && i + 1 < this.limit && isAsciiPunctuation(s.charCodeAt(i + 1))) i++;
        else if (c === 62) return { start: pos + 1, stop: i, end: i + 1 };
        else if (c === 60 || c === 10 || c === 0) return null;
      }
      return null;
    }
    let depth = 0;
    let i = pos;
    for (; i < this.limit; i++) {
      const c = s.charCodeAt(i);
      if (c === 92 && i + 1 < this.limit && isAsciiPunctuation(s.charCodeAt(i + 1))) i++;
      else if (c === 40) {
        if (++depth > MAX_PAREN_DEPTH) return null;
      } else if (c === 41) {
        if (depth < 1) break;
        depth--;
      } else if (c === 32 || c === 9 || c === 10 || c === 11 || c === 12 || c === 13 || c < 32 || c === 127) break;
    }
    if (i === pos && (i >= this.limit || s.charCodeAt(i) !== 41)) return null;
    if (depth !== 0) return null;
    return { start: pos, stop: i, end: i };
  }

  /** A title in "…", '…' or (…) at `pos`: its range including the delimiters, or null. */
  private linkTitle(pos: number): { start: number; end: number } | null {
    const s = this.subject;
    const open = s.charCodeAt(pos);
    const close = open === 34 ? 34 : open === 39 ? 39 : open === 40 ? 41 : -1;
    if (close === -1) return null;
    for (let i = pos + 1; i < this.limit; i++) {
      const c = s.charCodeAt(i);
      if (c === 92 && i + 1 < this.limit) i++;
      else if (c === close) return { start: pos, end: i + 1 };
      else if (open === 40 && c === 40) return null;
      else if (c === 0) return null;
    }
    return null;
  }

  // --- One run --------------------------------------------------------------------

  /** Reads one paragraph, heading or cell given as pairs of line offsets. */
  read(segments: readonly number[]): void {
    this.load(segments);
    const s = this.subject;
    // The reference trims the paragraph's text; trailing spaces of the last line are not content.
    let n = this.limit;
    while (n > this.base && isSpaceAt(s, n - 1)) n--;
    const gfm = this.options.extensions;
    // Jump from one character that can start something to the next; prose in between costs nothing here.
    const special = gfm ? SPECIAL_EXTENDED : SPECIAL;
    const inPlace = s === this.mask.text;
    let p = this.base;
    while (p < n) {
      if (inPlace && this.specialFrom <= p && p <= this.specialAt) {
        // The last search of the input, from before p, found nothing until specialAt: the answer holds.
        p = this.specialAt;
      } else {
        // test() rather than exec(): no match array per hit. A single-character hit ends at lastIndex;
        // a URL prefix ends in / or . (no special character), and its length tells where it began.
        special.lastIndex = p;
        const from = p;
        if (special.test(s)) {
          const after = special.lastIndex;
          const last = s.charCodeAt(after - 1);
          p = last === 47 ? after - ((s.charCodeAt(after - 4) | 32) === 115 ? 8 : 7) : last === 46 ? after - 4 : after - 1;
        } else p = s.length;
        if (inPlace) {
          this.specialFrom = from;
          this.specialAt = p;
        }
      }
      if (p >= n) break;
      switch (s.charCodeAt(p)) {
        case 92: // backslash
          p = this.backslash(p, n);
          break;
        case 96: // `
          p = this.backticks(p, n);
          break;
        case 42: // *
        case 95: // _
        case 126: // ~
          p = this.delimiterRun(p, n, s.charCodeAt(p));
          break;
        case 91: // [
          this.pushBracket(p, false);
          p++;
          break;
        case 33: // !
          if (s.charCodeAt(p + 1) === 91) {
            this.pushBracket(p, true);
            p += 2;
          } else p++;
          break;
        case 93: // ]
          p = this.closeBracket(p, n);
          break;
        case 60: // <
          p = this.angle(p, n);
          break;
        case 38: {
          const reference = readCharacterReference(s, p, n);
          if (reference === null) p++;
          else {
            this.replace(p, reference.end, reference.text);
            p = reference.end;
          }
          break;
        }
        case 64: // @
          this.literalEmail(p, n);
          p++;
          break;
        default: // h or w: http://, https://, www.
          p = this.literalUrl(p, n);
      }
    }
  }

  private replace(a: number, b: number, text: string): void {
    // References never span lines, so one segment holds the whole of it.
    const start = this.input(a);
    this.mask.replace(start, start + (b - a), text);
  }

  private backslash(p: number, n: number): number {
    if (p + 1 >= n) return p + 1;
    const next = this.subject.charCodeAt(p + 1);
    if (isAsciiPunctuation(next) || next === 10) {
      this.mark(p, p + 1, UnitKind.markup);
      return next === 10 ? p + 1 : p + 2;
    }
    return p + 1;
  }

  /** A code span from the backtick run at `p`, or the run as literal text. */
  private backticks(p: number, n: number): number {
    const s = this.subject;
    let end = p;
    while (end < n && s.charCodeAt(end) === 96) end++;
    const length = end - p;
    const closer = this.nextBacktickRun(length, end, n);
    if (closer === -1) return end;
    this.mark(p, closer + length, UnitKind.code);
    if (this.trace) this.trace.inline('code', codeSpanLiteral(s.slice(end, closer)), this.input(p));
    return closer + length;
  }

  /** Start of the first run of exactly `length` backticks at or after `from` (before `n`), or -1. */
  private nextBacktickRun(length: number, from: number, n: number): number {
    if (this.backtickRuns === null) {
      // Every run of the subject, found once: a thousand openers cost one pass, not a thousand.
      const runs = new Map<number, number[]>();
      const s = this.subject;
      for (let i = s.indexOf('`'); i !== -1; i = s.indexOf('`', i)) {
        let end = i;
        while (end < s.length && s.charCodeAt(end) === 96) end++;
        const list = runs.get(end - i);
        if (list) list.push(i);
        else runs.set(end - i, [i]);
        i = end;
      }
      this.backtickRuns = runs;
      if (s === this.mask.text) this.inputBacktickRuns = runs;
    }
    const list = this.backtickRuns.get(length);
    if (list === undefined) return -1;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((list[mid] as number) < from) low = mid + 1;
      else high = mid;
    }
    const at = list[low];
    return at !== undefined && at < n ? at : -1;
  }

  /** `*`, `_` or `~` runs that can open or close are markers: dropped. */
  private delimiterRun(p: number, n: number, c: number): number {
    const s = this.subject;
    let end = p;
    while (end < n && s.charCodeAt(end) === c) end++;
    if (c === 126 && end - p > 2) return end;
    const beforeCode = p === this.base ? 10 : s.charCodeAt(p - 1);
    const afterCode = end >= n ? 10 : s.charCodeAt(end);
    // ASCII answers from the code; other characters from the Unicode classes the spec names.
    const beforeSpace = beforeCode < 128 ? isAsciiSpace(beforeCode) : WHITESPACE.test(charBefore(s, p));
    const afterSpace = afterCode < 128 ? isAsciiSpace(afterCode) : WHITESPACE.test(charAt(s, end));
    const beforePunct = beforeCode < 128 ? isAsciiPunctuation(beforeCode) : PUNCTUATION.test(charBefore(s, p));
    const afterPunct = afterCode < 128 ? isAsciiPunctuation(afterCode) : PUNCTUATION.test(charAt(s, end));
    const leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
    const rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
    const marker =
      c === 95
        ? (leftFlanking && (!rightFlanking || beforePunct)) || (rightFlanking && (!leftFlanking || afterPunct))
        : leftFlanking || rightFlanking;
    if (marker) this.mark(p, end, UnitKind.markup);
    return end;
  }

  private pushBracket(at: number, image: boolean): void {
    const top = this.brackets[this.brackets.length - 1];
    if (top) top.bracketAfter = true;
    this.brackets.push({ at, image, linksBefore: this.links, bracketAfter: false });
  }

  /** `]`: an inline, full, collapsed or shortcut link or image, or a literal bracket. */
  private closeBracket(p: number, n: number): number {
    const s = this.subject;
    const opener = this.brackets.pop();
    if (opener === undefined) return p + 1;
    // A link inside a link is not one: openers before a link are inactive.
    if (!opener.image && opener.linksBefore < this.links) return p + 1;
    const textStart = opener.at + (opener.image ? 2 : 1);
    const after = p + 1;
    let destination: { start: number; stop: number } | null = null;
    let title: string | undefined;
    let end = -1;
    if (s.charCodeAt(after) === 40) {
      const inline = this.inlineLink(after, n);
      if (inline !== null) {
        ({ end } = inline);
        destination = inline.destination;
        title = inline.title;
        this.mark(after, end, UnitKind.markup);
        this.mark(destination.start, destination.stop, UnitKind.urlDropped);
        if (this.trace) {
          this.trace.inline(
            opener.image ? 'image' : 'link',
            s.slice(destination.start, destination.stop),
            this.input(opener.at),
            title ?? '',
          );
        }
      }
    }
    if (end === -1 && this.definitions.size > 0) {
      // Reference link: [text][label], [text][] or [text].
      const labelEnd = this.linkLabel(after);
      let label: string | null = null;
      if (labelEnd !== -1 && labelEnd - after > 2) label = s.slice(after, labelEnd);
      else if (!opener.bracketAfter && after - textStart <= MAX_LABEL_UNITS + 1) label = s.slice(textStart - 1, after);
      const definition = label === null ? undefined : this.definitions.get(normalizeLabel(label));
      if (definition !== undefined) {
        end = labelEnd === -1 ? after : labelEnd;
        this.mark(after, end, UnitKind.markup);
        if (this.trace) {
          this.trace.inline(opener.image ? 'image' : 'link', definition.destination, this.input(opener.at), definition.title ?? '');
        }
      }
    }
    if (end === -1) return p + 1;
    this.mark(opener.at, textStart, UnitKind.markup);
    this.mark(p, p + 1, UnitKind.markup);
    if (!opener.image) this.links++;
    return end;
  }

  /** `(destination "title")` at `open`: its end, destination and title, or null. */
  private inlineLink(
    open: number,
    n: number,
  ): { end: number; destination: { start: number; stop: number }; title: string | undefined } | null {
    const s = this.subject;
    let pos = this.spaceAndNewlineWithin(open + 1, n);
    const destination = this.linkDestination(pos);
    if (destination === null || destination.end > n) return null;
    pos = destination.end;
    const beforeTitleSpace = pos;
    pos = this.spaceAndNewlineWithin(pos, n);
    let title: string | undefined;
    if (pos > beforeTitleSpace) {
      const found = this.linkTitle(pos);
      if (found !== null && found.end <= n) {
        title = s.slice(found.start + 1, found.end - 1);
        pos = this.spaceAndNewlineWithin(found.end, n);
      }
    }
    if (s.charCodeAt(pos) !== 41 || pos >= n) return null;
    return { end: pos + 1, destination, title };
  }

  private spaceAndNewlineWithin(pos: number, n: number): number {
    return Math.min(this.spaceAndNewline(pos), n);
  }

  /** `<`: an autolink, raw HTML, or a literal `<`. */
  private angle(p: number, n: number): number {
    const s = this.subject;
    const autolink = scanAutolink(s, p, n);
    if (autolink !== -1) {
      this.mark(p, autolink, UnitKind.url);
      if (this.trace) {
        const inner = s.slice(p + 1, autolink - 1);
        this.trace.inline('autolink', inner.includes(':') ? inner : `mailto:${inner}`, this.input(p), '');
      }
      return autolink;
    }
    if (this.finder === null) this.finder = new Finder(s);
    const tag = scanHtmlTag(s, p, n, this.finder);
    if (tag === -1) return p + 1;
    this.mark(p, tag, UnitKind.markup);
    if (s.startsWith('<!--', p)) {
      const bodyEnd = s.endsWith('-->', tag) ? tag - 3 : tag;
      this.mask.comments.push({ start: this.input(p), end: this.input(tag - 1) + 1, body: s.slice(p + 4, Math.max(p + 4, bodyEnd)) });
    }
    if (this.trace) this.trace.inline('html_inline', s.slice(p, tag), this.input(p));
    return tag;
  }

  // --- GFM autolink literals ----------------------------------------------------------

  /** `www.`, `http://` or `https://` at a word start: a URL up to white space or `<`, less trailing punctuation. */
  private literalUrl(p: number, n: number): number {
    const s = this.subject;
    if (p > this.base) {
      const before = s.charCodeAt(p - 1);
      // Autolink literals start a line, follow white space, or one of * _ ~ (.
      if (!(isHtmlSpace(before) || before === 42 || before === 95 || before === 126 || before === 40)) return p + 1;
    }
    // The search matched http://, https:// or www. here, in any case.
    const c = s.charCodeAt(p) | 32;
    const prefix = c === 119 ? 4 : (s.charCodeAt(p + 4) | 32) === 115 ? 8 : 7;
    let end = p + prefix;
    while (end < n) {
      const c = s.charCodeAt(end);
      if (isHtmlSpace(c) || c === 60) break;
      end++;
    }
    end = trimUrlEnd(s, p + prefix, end);
    // A domain needs at least one character after the prefix.
    if (end <= p + prefix) return p + 1;
    this.mark(p, end, UnitKind.url);
    return end;
  }

  /** `local@domain.tld` around the `@` at `at`. */
  private literalEmail(at: number, n: number): void {
    const s = this.subject;
    let start = at;
    while (start > this.base) {
      const c = s.charCodeAt(start - 1);
      if (isAlnum(c) || c === 46 || c === 45 || c === 95 || c === 43) start--;
      else break;
    }
    let end = at + 1;
    let dots = 0;
    while (end < n) {
      const c = s.charCodeAt(end);
      if (isAlnum(c) || c === 45 || c === 95) end++;
      else if (c === 46 && isAlnum(s.charCodeAt(end + 1))) {
        dots++;
        end++;
      } else break;
    }
    if (start === at || dots === 0 || !isAlnum(s.charCodeAt(end - 1))) return;
    this.mark(start, end, UnitKind.url);
  }
}

/** The end of an autolink `<scheme:…>` or `<address@host>` at `p`, or -1. */
function scanAutolink(s: string, p: number, n: number): number {
  let i = p + 1;
  const schemeStart = i;
  while (i < n && (isAlnum(s.charCodeAt(i)) || s.charCodeAt(i) === 43 || s.charCodeAt(i) === 46 || s.charCodeAt(i) === 45)) i++;
  const schemeLength = i - schemeStart;
  const first = s.charCodeAt(schemeStart);
  const letter = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
  if (letter && schemeLength >= 2 && schemeLength <= 32 && s.charCodeAt(i) === 58) {
    for (i++; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 62) return i + 1;
      if (c <= 32 || c === 60) return -1;
    }
    return -1;
  }
  // Email: local part of [A-Za-z0-9.!#$%&'*+/=?^_`{|}~-], then labels of up to 63 characters.
  i = p + 1;
  while (i < n && isEmailLocal(s.charCodeAt(i))) i++;
  if (i === p + 1 || s.charCodeAt(i) !== 64) return -1;
  i++;
  for (;;) {
    const labelStart = i;
    while (i < n && (isAlnum(s.charCodeAt(i)) || s.charCodeAt(i) === 45)) i++;
    const label = i - labelStart;
    if (label === 0 || label > 63 || s.charCodeAt(labelStart) === 45 || s.charCodeAt(i - 1) === 45) return -1;
    const c = s.charCodeAt(i);
    if (c === 62 && i < n) return i + 1;
    if (c !== 46) return -1;
    i++;
  }
}

function isEmailLocal(c: number): boolean {
  return (
    isAlnum(c) ||
    (c !== 40 &&
      c !== 41 &&
      c !== 44 &&
      c !== 58 &&
      c !== 59 &&
      c !== 60 &&
      c !== 62 &&
      c !== 64 &&
      c !== 91 &&
      c !== 92 &&
      c !== 93 &&
      c !== 34 &&
      isAsciiPunctuation(c))
  );
}

/** Trailing punctuation is not part of an autolink literal, nor an unbalanced `)`. */
function trimUrlEnd(s: string, start: number, end: number): number {
  let unbalanced = 0;
  for (let i = start; i < end; i++) {
    const d = s.charCodeAt(i);
    if (d === 40) unbalanced--;
    else if (d === 41) unbalanced++;
  }
  while (end > start) {
    const c = s.charCodeAt(end - 1);
    if (c === 63 || c === 33 || c === 46 || c === 44 || c === 58 || c === 42 || c === 95 || c === 126 || c === 39 || c === 34) {
      end--;
    } else if (c === 41 && unbalanced > 0) {
      unbalanced--;
      end--;
    } else break;
  }
  return end;
}

/** The literal of a code span: line endings as spaces, one space stripped from both ends if both have one. */
export function codeSpanLiteral(content: string): string {
  const text = content.replace(/\n/g, ' ');
  if (text.length >= 2 && text.startsWith(' ') && text.endsWith(' ') && !/^ +$/.test(text)) return text.slice(1, -1);
  return text;
}

/** A link label as the reference compares them: inner text, trimmed, white space collapsed, case folded. */
export function normalizeLabel(label: string): string {
  return label
    .slice(1, -1)
    .trim()
    .replace(/[ \t\r\n]+/g, ' ')
    .toLowerCase()
    .toUpperCase();
}

const isAsciiSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** Whether the unit at `p` is white space, as the reference trims: ASCII by its code, else by `\s`. */
function isSpaceAt(s: string, p: number): boolean {
  const code = s.charCodeAt(p);
  return code < 128 ? isAsciiSpace(code) : WHITESPACE.test(s.charAt(p));
}

function charBefore(s: string, p: number): string {
  const c = s.charCodeAt(p - 1);
  if (c >= 0xdc00 && c <= 0xdfff && p >= 2) return s.slice(p - 2, p);
  return s.charAt(p - 1);
}

function charAt(s: string, p: number): string {
  return String.fromCodePoint(s.codePointAt(p) as number);
}
