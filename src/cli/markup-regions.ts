// Where a piece of a long Markdown or HTML text must not start (pieces.ts):
// the regions the scanner reads differently from prose, found by a small,
// conservative, linear scan rather than the core's parsers. In HTML: tags,
// comments, declarations, raw-text elements (script, style, title, textarea …)
// and pre, code, kbd, samp, var and template elements. In Markdown: fenced
// code, HTML blocks, code spans and inline tags and comments.

/** Where a piece must not start: (start, end) exclusive. `skipped` when the scanner reads none of it as prose. */
export interface Region {
  readonly start: number;
  end: number;
  readonly inside: string;
  skipped: boolean;
}

/** A line holding only spaces and tabs. */
export const BLANK = /^[ \t]*(?:\r\n?|\n)?$/;

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

export function htmlRegions(text: string): Region[] {
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

export function markdownRegions(text: string, lineStarts: readonly number[]): Region[] {
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
