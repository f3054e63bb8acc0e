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
import { lastAtOrBefore } from '../core/scanner/line-index';

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

const LINE_BREAK = /\r\n?|\n/g;

export interface SplitOptions {
  /** Units of following text scanned with each piece. */
  readonly overlapUnits?: number;
  /** How the text is read: Markdown and HTML prefer block starts and avoid splitting inside markup. */
  readonly mode?: SplitMode;
}

/** Where a piece must not start: (start, end) exclusive. `skipped` when the scanner reads none of it as prose. */
interface Region {
  readonly start: number;
  end: number;
  readonly inside: string;
  skipped: boolean;
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
  const lineStarts = [0];
  for (const match of text.matchAll(LINE_BREAK)) lineStarts.push(match.index + match[0].length);
  const lineOf = (offset: number): number => lastAtOrBefore(lineStarts, offset);
  const at = (start: number): { line: number; column: number } => {
    const index = lineOf(start);
    return { line: index + 1, column: start - (lineStarts[index] as number) + 1 };
  };

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

  // The last block start in (after, limit] outside every region, or -1.
  const blockStartIn = (limit: number, after: number): number => {
    for (let index = lastAtOrBefore(blockStarts, limit); index >= 0; index--) {
      const start = blockStarts[index] as number;
      if (start <= after) break;
      if (regionAt(start) === undefined) return start;
    }
    return -1;
  };

  const findSplit = (start: number, limit: number): number => {
    let found = mode === 'text' ? -1 : blockStartIn(limit, start + ((limit - start) >> 1));
    if (found === -1) found = lastSafe(limit, start, isLineStart);
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

const BLANK = /^[ \t]*(?:\r\n?|\n)?$/;

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

/** Sorted, with nested and overlapping regions merged into the first; skipped only when all merged ones are. */
function merged(regions: Region[]): Region[] {
  regions.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Region[] = [];
  for (const region of regions) {
    const last = out.at(-1);
    if (last !== undefined && region.start < last.end) {
      last.end = Math.max(last.end, region.end);
      last.skipped &&= region.skipped;
    } else out.push({ ...region });
  }
  return out;
}

// HTML, as the HTML5 tokenizer reads it, conservatively.

const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHtmlSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
/** Elements whose text runs to their closing tag; false where the scanner reads it as prose (RCDATA). */
const RAW_TEXT = new Map([
  ['script', true], ['style', true], ['xmp', true], ['iframe', true], ['noembed', true], ['noframes', true],
  ['title', false], ['textarea', false],
]);
/** Elements whose text the scanner skips as code. */
const CODE = new Set(['pre', 'code', 'kbd', 'samp', 'var', 'template']);

/** The first index at or after `from` where something starts, or -1. */
type Search = (from: number) => number;

/** A search that remembers its last answer, so repeated searches for something far off or missing stay linear. */
function remembered(search: Search): Search {
  let lastFrom = Number.POSITIVE_INFINITY;
  let lastAt = -1;
  return (from) => {
    if (lastFrom <= from && (lastAt === -1 || lastAt >= from)) return lastAt;
    lastFrom = from;
    lastAt = search(from);
    return lastAt;
  };
}

/** Remembered searches, one per needle: each needle is a literal, since V8 optimises indexOf with a variable needle badly. */
interface Find {
  readonly lt: Search;
  readonly gt: Search;
  readonly tick: Search;
  readonly quote: Search;
  readonly apostrophe: Search;
  readonly commentEnd: Search;
  readonly commentBangEnd: Search;
}
function finder(text: string): Find {
  return {
    lt: remembered((from) => text.indexOf('<', from)),
    gt: remembered((from) => text.indexOf('>', from)),
    tick: remembered((from) => text.indexOf('`', from)),
    quote: remembered((from) => text.indexOf('"', from)),
    apostrophe: remembered((from) => text.indexOf("'", from)),
    commentEnd: remembered((from) => text.indexOf('-->', from)),
    commentBangEnd: remembered((from) => text.indexOf('--!>', from)),
  };
}

/** The `>` ending an open tag whose attributes start at `from` (a `>` inside a quoted value does not end it), or -1. */
function tagEnd(text: string, from: number, end: number, find: Find): number {
  // 0 before a name, 1 in a name, 2 after a name, 3 before a value, 4 in an unquoted value.
  let state = 0;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 62) return i;
    if (state === 3) {
      if (c === 34 || c === 39) {
        const close = c === 34 ? find.quote(i + 1) : find.apostrophe(i + 1);
        if (close === -1 || close >= end) return -1;
        i = close;
        state = 0;
      } else if (!isHtmlSpace(c)) state = 4;
    } else if (state === 4) {
      if (isHtmlSpace(c)) state = 0;
    } else if (c === 61 && state !== 0) state = 3;
    else if (c === 47) state = 0;
    else if (isHtmlSpace(c)) {
      if (state === 1) state = 2;
    } else state = 1;
  }
  return -1;
}

/** The end of a comment starting at `lt` (`<!--`), or -1: `<!-->` and `<!--->` are whole; else `-->` or `--!>`. */
function commentEnd(text: string, lt: number, end: number, find: Find): number {
  if (text.startsWith('>', lt + 4)) return lt + 5;
  if (text.startsWith('->', lt + 4)) return lt + 6;
  const ends = [find.commentEnd(lt + 4), find.commentBangEnd(lt + 4)].filter((at) => at !== -1).map((at) => at + (text[at + 2] === '!' ? 4 : 3));
  const found = Math.min(...ends);
  return found > end ? -1 : found;
}

function htmlRegions(text: string): Region[] {
  const n = text.length;
  const regions: Region[] = [];
  const find = finder(text);
  const closers = new Map<string, RegExp>();
  const upTo = (found: number, length: number): number => (found === -1 ? n : found + length);
  let codeDepth = 0;
  let code = { start: 0, name: '' };
  for (let lt = text.indexOf('<'); lt !== -1; lt = text.indexOf('<', lt)) {
    const c = text.charCodeAt(lt + 1);
    let end: number;
    let inside = 'a tag';
    if (isAsciiLetter(c)) {
      let nameEnd = lt + 1;
      while (nameEnd < n && !(isHtmlSpace(text.charCodeAt(nameEnd)) || text.charCodeAt(nameEnd) === 47 || text.charCodeAt(nameEnd) === 62)) nameEnd++;
      const name = text.slice(lt + 1, nameEnd).toLowerCase();
      end = upTo(tagEnd(text, nameEnd, n, find), 1);
      const prose = RAW_TEXT.get(name);
      if (name === 'plaintext' || (prose !== undefined && end < n)) {
        // The element's text runs to `</name` and a name end (to the end for plaintext).
        let closer = closers.get(name);
        if (closer === undefined) closers.set(name, (closer = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')));
        closer.lastIndex = end;
        const close = name === 'plaintext' ? null : closer.exec(text);
        end = close === null ? n : upTo(text.indexOf('>', close.index), 1);
        regions.push({ start: lt, end, inside: `<${name}>`, skipped: prose !== false });
        lt = end;
        continue;
      }
      if (CODE.has(name) && codeDepth++ === 0) code = { start: lt, name };
    } else if (c === 47 && isAsciiLetter(text.charCodeAt(lt + 2))) {
      end = upTo(text.indexOf('>', lt + 2), 1);
      let nameEnd = lt + 2;
      while (nameEnd < end && !(isHtmlSpace(text.charCodeAt(nameEnd)) || text.charCodeAt(nameEnd) === 47 || text.charCodeAt(nameEnd) === 62)) nameEnd++;
      if (codeDepth > 0 && CODE.has(text.slice(lt + 2, nameEnd).toLowerCase()) && --codeDepth === 0) {
        regions.push({ start: code.start, end, inside: `<${code.name}>`, skipped: true });
      }
    } else if (c === 33 && text.startsWith('--', lt + 2)) {
      end = upTo(commentEnd(text, lt, n, find), 0);
      inside = 'a comment';
    } else if (c === 33 && text.startsWith('[CDATA[', lt + 2)) {
      end = upTo(text.indexOf(']]>', lt + 9), 3);
      inside = 'CDATA';
    } else if (c === 33 || c === 63 || c === 47) {
      // A doctype, a processing instruction, `</>` or another bogus comment: to the first `>`.
      end = upTo(text.indexOf('>', lt + 2), 1);
      inside = 'a declaration';
    } else {
      lt++;
      continue;
    }
    regions.push({ start: lt, end, inside, skipped: true });
    lt = end;
  }
  // An unclosed code element: the scanner reads the rest as code.
  if (codeDepth > 0) regions.push({ start: code.start, end: n, inside: `<${code.name}>`, skipped: true });
  return merged(regions);
}

// Markdown, as CommonMark reads it, conservatively: any indentation and any
// block-quote and list markers before a fence or an HTML block.

const CONTAINER = /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/;
const FENCE = /^(`{3,}|~{3,})(.*)/s;
const HTML_BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
/** CommonMark's seven HTML block starts: how each is recognised, and the line that ends it (null: a blank line). */
const HTML_BLOCKS: readonly { start: RegExp; end: RegExp | null; paragraph: boolean }[] = [
  { start: /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, paragraph: true },
  { start: /^<!--/, end: /-->/, paragraph: true },
  { start: /^<\?/, end: /\?>/, paragraph: true },
  { start: /^<![A-Za-z]/, end: />/, paragraph: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, paragraph: true },
  { start: new RegExp(`^</?(?:${HTML_BLOCK_TAGS})(?:[\\s>]|/>|$)`, 'i'), end: null, paragraph: true },
  {
    start: /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/,
    end: null,
    paragraph: false,
  },
];

function markdownRegions(text: string, lineStarts: readonly number[]): Region[] {
  const regions: Region[] = [];
  const find = finder(text);
  let fence: { marker: string; start: number } | null = null;
  let html: { end: RegExp | null; start: number } | null = null;
  let paragraph = -1;
  const endParagraph = (end: number): void => {
    if (paragraph !== -1) inlineRegions(text, paragraph, end, regions, find);
    paragraph = -1;
  };
  for (let index = 0; index < lineStarts.length; index++) {
    const begin = lineStarts[index] as number;
    const end = lineStarts[index + 1] ?? text.length;
    const line = text.slice(begin, end);
    const content = line.slice((CONTAINER.exec(line)?.[0] ?? '').length);
    const marker = FENCE.exec(content);
    if (fence !== null) {
      if (marker !== null && marker[1]?.[0] === fence.marker[0] && (marker[1]?.length ?? 0) >= fence.marker.length && BLANK.test(marker[2] ?? '')) {
        regions.push({ start: fence.start, end, inside: 'fenced code', skipped: true });
        fence = null;
      }
      continue;
    }
    if (html !== null) {
      if (html.end === null ? BLANK.test(content) : html.end.test(line)) {
        regions.push({ start: html.start, end: html.end === null ? begin : end, inside: 'an HTML block', skipped: true });
        html = null;
      }
      continue;
    }
    // An info string of a backtick fence has no backtick.
    if (marker !== null && !(marker[1]?.[0] === '`' && marker[2]?.includes('`'))) {
      endParagraph(begin);
      fence = { marker: marker[1] as string, start: begin };
      continue;
    }
    const block = HTML_BLOCKS.find((kind) => (kind.paragraph || paragraph === -1) && kind.start.test(content));
    if (block !== undefined) {
      endParagraph(begin);
      if (block.end?.test(content)) regions.push({ start: begin, end, inside: 'an HTML block', skipped: true });
      else html = { end: block.end, start: begin };
      continue;
    }
    if (BLANK.test(content)) endParagraph(begin);
    else if (paragraph === -1) paragraph = begin;
  }
  // An unclosed fence or HTML block runs to the end.
  if (fence !== null) regions.push({ start: fence.start, end: text.length, inside: 'fenced code', skipped: true });
  if (html !== null) regions.push({ start: html.start, end: text.length, inside: 'an HTML block', skipped: true });
  endParagraph(text.length);
  return merged(regions);
}

/** Code spans, inline tags and comments of the lines [from, to), which hold no blank line. */
function inlineRegions(text: string, from: number, to: number, regions: Region[], find: Find): void {
  // Backtick runs by length, each list ascending with a cursor, so finding closers stays linear.
  const runs = new Map<number, { at: number[]; next: number }>();
  for (let tick = text.indexOf('`', from); tick !== -1 && tick < to; ) {
    let after = tick;
    while (after < to && text.charCodeAt(after) === 96) after++;
    const list = runs.get(after - tick) ?? { at: [], next: 0 };
    list.at.push(tick);
    runs.set(after - tick, list);
    tick = text.indexOf('`', after);
  }
  const closer = (length: number, from: number): number => {
    const list = runs.get(length);
    if (list === undefined) return -1;
    while (list.next < list.at.length && (list.at[list.next] as number) < from) list.next++;
    return list.at[list.next] ?? -1;
  };
  let i = from;
  while (i < to) {
    let tick = find.tick(i);
    let lt = find.lt(i);
    if (tick >= to) tick = -1;
    if (lt >= to) lt = -1;
    if (tick === -1 && lt === -1) return;
    if (tick !== -1 && (lt === -1 || tick < lt)) {
      let after = tick;
      while (after < to && text.charCodeAt(after) === 96) after++;
      // A backslash before a run escapes its first backtick.
      let backslashes = 0;
      while (tick - backslashes - 1 >= from && text.charCodeAt(tick - backslashes - 1) === 92) backslashes++;
      const open = backslashes % 2 === 1 ? tick + 1 : tick;
      const close = open < after ? closer(after - open, after) : -1;
      if (close !== -1) {
        regions.push({ start: open, end: close + after - open, inside: 'a code span', skipped: true });
        i = close + after - open;
      } else i = after;
      continue;
    }
    const c = text.charCodeAt(lt + 1);
    let end = -1;
    if (c === 33 && text.startsWith('--', lt + 2)) end = commentEnd(text, lt, to, find);
    else if (c === 33 || c === 63 || (c === 47 && isAsciiLetter(text.charCodeAt(lt + 2)))) {
      const gt = find.gt(lt + 2);
      end = gt === -1 || gt >= to ? -1 : gt + 1;
    } else if (isAsciiLetter(c)) {
      // No `>` in the paragraph: no tag, without reading to its end each time.
      const next = find.gt(lt + 1);
      const gt = next === -1 || next >= to ? -1 : tagEnd(text, lt + 1, to, find);
      end = gt === -1 ? -1 : gt + 1;
    } else {
      i = lt + 1;
      continue;
    }
    // Raw HTML that does not end in its paragraph is text (CommonMark 6.6).
    if (end === -1) i = lt + 1;
    else {
      regions.push({ start: lt, end, inside: 'a tag', skipped: true });
      i = end;
    }
  }
}
