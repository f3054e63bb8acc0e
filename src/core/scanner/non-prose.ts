// What is not a use of a cue in prose, decided on the text alone and applied
// the same way by both scanners (scan.ts and reference-scan.ts), apart from
// how records match:
//
// 1. Non-prose tokens. A token (a run between white space or U+FFFC), less
//    the brackets, quotes, `*`, `_` and sentence marks around it, is not prose
//    when it holds `/`, `\`, `@`, `_`, `::` or a dot between two letters:
//    identifiers (`@scope/name`, `foo_bar`, `Foo::Bar`, `config.powerful`),
//    URLs (`https://…`, `www.…`), e-mail addresses and file paths (`./x`,
//    `~/x`, `/usr/…`, `C:\…`). Abbreviations of one- and two-letter parts
//    (`e.g.`, `z.B.`) are prose. The records run over a copy of the text in
//    which every unit of such a token is U+FFFC: like the separator Markdown and
//    HTML mode put where code or a URL was, no phrase, pair gap or guard word
//    matches it, so nothing matches inside the token or across it.
// 2. Names. A match whose first word is capitalised (an upper-case letter
//    then a lower-case one) is part of a name when a hyphen joins it to a name
//    ("Synergy-Design"), when it stands in a run of capitalised words
//    ("Seamless Clone", "Powerful Tools Suite"), or, in English, anywhere but
//    at the start of a sentence ("the Seamless Clone tool"). German writes
//    every noun with a capital, so there a word that starts a sentence does not
//    count towards a run ("Nahtlose Integration …", "Die Synergie …" are uses),
//    and a hyphen joins a name only where the other part is written like one
//    (a capital after its first letter, or a digit: "KDE", "GmbH", "X11"), not
//    a plain noun ("Mehrwert-Dienst").
// 3. Mentions. A match that is all a pair of quotation marks holds, give or
//    take a little punctuation, is a word quoted, not used: `words like
//    "seamlessly"`, `Wörter wie „nahtlos“`.
//
// Linear time: the tokens that hold a mark are read once each, in one pass. Per match the checks read the
// words and the run of white space, quotes and marks next to its start and
// end; matches of one record do not overlap and start at a word, so those
// runs and words are read once per record, whatever the text.

import type { Language } from '../catalogue/ids';
import { BLOCK_SEPARATOR } from './block-boundaries';

/** The text a scanner's records run over, and the test every match must pass. */
export interface ProseView {
  /** The text with every unit of a non-prose token replaced by U+FFFC: same length, same offsets. */
  readonly text: string;
  /** Whether the match [start, end) is a use of a cue: outside every non-prose token, not part of a name, not a mention. */
  readonly isUse: (start: number, end: number) => boolean;
}

const FFFC = BLOCK_SEPARATOR.charCodeAt(0);
const LF = 0x0a;
const CR = 0x0d;
const HYPHENS = new Set([0x2d, 0x2010, 0x2011]);
/** Stripped from a token's start before it is read. */
const TOKEN_OPENING = new Set([...'([{<"\'“”„‘’‚«»‹›*_¡¿'].map((c) => c.charCodeAt(0)));
/** Stripped from a token's end before it is read. */
const TOKEN_CLOSING = new Set([...')]}>"\'”“’‘»«‹›*_.,;:!?…'].map((c) => c.charCodeAt(0)));
/** Quotation marks and the marks that close each of them. */
const QUOTE_CLOSERS = new Map<number, readonly number[]>(
  [
    ['"', '"'],
    ["'", "'"],
    ['“', '”“'],
    ['„', '“”'],
    ['‘', '’‘'],
    ['‚', '‘’'],
    ['«', '»'],
    ['»', '«'],
    ['‹', '›'],
    ['›', '‹'],
  ].map(([open, close]) => [(open as string).charCodeAt(0), [...(close as string)].map((c) => c.charCodeAt(0))]),
);
/** What may stand between a quoted cue and its quotation marks: at most MENTION_PUNCTUATION of them on each side. */
const MENTION_BEFORE = new Set([...'([¡¿…'].map((c) => c.charCodeAt(0)));
const MENTION_AFTER = new Set([...'.,;:!?…)]'].map((c) => c.charCodeAt(0)));
const MENTION_PUNCTUATION = 3;
/** Marks that end a sentence or a list item (after a colon or a semicolon a capital starts one). */
const SENTENCE_END = new Set([...'.!?:;…'].map((c) => c.charCodeAt(0)));
/** Opening quotation marks and brackets, skipped when looking back for a sentence start. */
const OPENERS = new Set([...'"\'“„‘‚«»‹›([{¡¿'].map((c) => c.charCodeAt(0)));
/** Closing quotation marks and brackets, which may follow a sentence's end. */
const CLOSERS = new Set([...'"\'”“’‘»«›‹)]}'].map((c) => c.charCodeAt(0)));
/** Marks that open a heading, a list item or a quoted block at a line's start. */
const LINE_MARKERS = new Set([...'#-*+•>'].map((c) => c.charCodeAt(0)));
/** Dashes and bullets that, between white space, separate the items of a list written on one line ("- a - b", "* a * b", "x -- y"). */
const DASHES = new Set([...'-–—•*+'].map((c) => c.charCodeAt(0)));

const LETTER = /\p{L}/u;
const WORD = /[\p{L}\p{M}\p{Nd}]/u;
const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /\p{Ll}/u;
const SYMBOL = /[\p{So}\p{Sk}\p{Cf}\p{Mn}]/u;

/** White space as the regex `\s` sees it. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isInlineSpace(c: number): boolean {
  return c !== LF && c !== CR && isSpace(c);
}

function isLetter(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80) return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return LETTER.test(text.charAt(at));
}

/** A unit of a word: letter, combining mark or decimal digit. */
function isWordUnit(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const c = text.charCodeAt(at);
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  return WORD.test(text.charAt(at));
}

function isUpper(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  return UPPER.test(text.charAt(at));
}

function isLower(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80) return c >= 0x61 && c <= 0x7a;
  return LOWER.test(text.charAt(at));
}

/** A capitalised word starts at `at`: an upper-case letter, then a lower-case one ("Seamless", not "I" or "API"). */
function isCapitalised(text: string, at: number): boolean {
  return at >= 0 && at + 1 < text.length && isUpper(text, at) && isLower(text, at + 1);
}

/** Whether the token text[start, end), its surrounding marks already stripped, is an identifier, URL, address or path. */
function isNonProseToken(text: string, start: number, end: number): boolean {
  let innerDot = false;
  // An abbreviation: letters in parts of one or two, joined by dots ("e.g", "z.B").
  let abbreviation = true;
  let partLetters = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2f || c === 0x5c || c === 0x40 || c === 0x5f) return true; // / \ @ _
    if (c === 0x3a && text.charCodeAt(i + 1) === 0x3a && i + 1 < end) return true; // ::
    if (c === 0x2e) {
      if (i > start && i + 1 < end && isLetter(text, i - 1) && isLetter(text, i + 1)) innerDot = true;
      if (partLetters === 0) abbreviation = false;
      partLetters = 0;
    } else if (isLetter(text, i)) {
      partLetters++;
      if (partLetters > 2) abbreviation = false;
    } else abbreviation = false;
  }
  return innerDot && !abbreviation;
}

/** Every unit a non-prose token needs: a token without one is prose, and is never read. */
const TOKEN_MARKS = /[/\\@_:.]/g;

function isDelimiter(c: number): boolean {
  return c === FFFC || isSpace(c);
}

/**
 * Offsets [start, end) of every non-prose token, in order, flat. Only the
 * tokens around a `/`, `\`, `@`, `_`, `:` or `.` are read, each once: the
 * search goes on after the token it found.
 */
function nonProseTokens(text: string): number[] {
  const ranges: number[] = [];
  const n = text.length;
  const marks = TOKEN_MARKS;
  marks.lastIndex = 0;
  let read = 0;
  for (let found = marks.exec(text); found !== null; found = marks.exec(text)) {
    let at = found.index;
    while (at > read && !isDelimiter(text.charCodeAt(at - 1))) at--;
    let end = found.index + 1;
    while (end < n && !isDelimiter(text.charCodeAt(end))) end++;
    let start = at;
    let stop = end;
    while (start < stop && TOKEN_OPENING.has(text.charCodeAt(start))) start++;
    while (stop > start && TOKEN_CLOSING.has(text.charCodeAt(stop - 1))) stop--;
    if (stop > start && isNonProseToken(text, start, stop)) ranges.push(start, stop);
    read = end;
    marks.lastIndex = end;
  }
  return ranges;
}

function maskRanges(text: string, ranges: readonly number[]): string {
  if (ranges.length === 0) return text;
  const pieces: string[] = [];
  let copied = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const start = ranges[i] as number;
    const end = ranges[i + 1] as number;
    pieces.push(text.slice(copied, start), BLOCK_SEPARATOR.repeat(end - start));
    copied = end;
  }
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** Whether [start, end) overlaps one of the sorted, disjoint ranges: binary search. */
function overlaps(ranges: readonly number[], start: number, end: number): boolean {
  let low = 0;
  let high = ranges.length / 2;
  // The first range whose end lies after `start`.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ranges[2 * mid + 1] as number) <= start) low = mid + 1;
    else high = mid;
  }
  return low < ranges.length / 2 && (ranges[2 * low] as number) < end;
}

/** Whether the match [start, end) is all a pair of quotation marks holds, but for a little punctuation. */
function isMention(text: string, start: number, end: number): boolean {
  let open = start - 1;
  while (open >= 0 && start - open <= MENTION_PUNCTUATION && MENTION_BEFORE.has(text.charCodeAt(open))) open--;
  const closers = open >= 0 ? QUOTE_CLOSERS.get(text.charCodeAt(open)) : undefined;
  // A quotation mark glued to a word before it is an apostrophe or a closing mark.
  if (closers === undefined || isWordUnit(text, open - 1)) return false;
  let close = end;
  while (close < text.length && close - end < MENTION_PUNCTUATION && MENTION_AFTER.has(text.charCodeAt(close))) close++;
  return close < text.length && closers.includes(text.charCodeAt(close)) && !isWordUnit(text, close + 1);
}

/** Whether `at` is at a line's start: the text's start, a line break or a block boundary before it. */
function isLineStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && isInlineSpace(text.charCodeAt(i))) i--;
  if (i < 0) return true;
  const c = text.charCodeAt(i);
  return c === LF || c === CR || c === FFFC;
}

/** A symbol, emoji or format character, passed over like white space before a sentence's first word ("⚡️ Leverages"). */
function isSymbol(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 0x80 || c === FFFC) return false;
  // Astral characters before a word are emoji in practice.
  if (c >= 0xd800 && c <= 0xdfff) return true;
  return SYMBOL.test(text.charAt(at));
}

/**
 * Whether the word at `at` starts a sentence: at the text's start, after a
 * block boundary, a sentence's end (also before a closing quote or bracket),
 * a colon or a semicolon, a heading or list marker at a line's start, or
 * dashes or a bullet with white space before them ("- Well-maintained -
 * Comprehensive", "* Fast * Powerful", "texlogos -- Ready-to-use"), with white space,
 * symbols and opening quotes or brackets between; after an opening quote
 * that follows a comma (quoted speech); or on a new line when the line before
 * ends in neither a word nor a comma: a hard-wrapped sentence goes on
 * ("the\nSynergy design system"), a line that ends in a mark or none is done.
 */
function isSentenceStart(text: string, at: number): boolean {
  let i = at - 1;
  let quoted = false;
  let newLine = false;
  for (; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (OPENERS.has(c) && !isWordUnit(text, i - 1)) quoted = true;
    else if (c === LF || c === CR) newLine = true;
    else if (!isSpace(c) && !isSymbol(text, i)) break;
  }
  if (i < 0) return true;
  const c = text.charCodeAt(i);
  if (c === FFFC || SENTENCE_END.has(c) || (quoted && c === 0x2c)) return true;
  if (newLine && c !== 0x2c && !isWordUnit(text, i)) return true;
  if (CLOSERS.has(c)) {
    let j = i;
    while (j >= 0 && CLOSERS.has(text.charCodeAt(j))) j--;
    if (j >= 0 && SENTENCE_END.has(text.charCodeAt(j))) return true;
    // "1) Seamless": a numbered list item.
    if (c === 0x29 && j === i - 1) {
      let digit = j;
      while (digit >= 0 && text.charCodeAt(digit) >= 0x30 && text.charCodeAt(digit) <= 0x39) digit--;
      return digit < j && isLineStart(text, digit + 1);
    }
    return false;
  }
  if (DASHES.has(c)) {
    let j = i;
    while (j >= 0 && DASHES.has(text.charCodeAt(j))) j--;
    if (j < 0 || isSpace(text.charCodeAt(j))) return true;
  }
  if (LINE_MARKERS.has(c)) {
    let j = i;
    while (j >= 0 && (LINE_MARKERS.has(text.charCodeAt(j)) || isInlineSpace(text.charCodeAt(j)))) j--;
    return isLineStart(text, j + 1);
  }
  return false;
}

/** The end of the word that starts at `at`: letters, marks and digits, and an apostrophe between letters. */
function wordEnd(text: string, at: number): number {
  let end = at;
  for (;;) {
    if (isWordUnit(text, end)) end++;
    else if ((text.charCodeAt(end) === 0x27 || text.charCodeAt(end) === 0x2019) && isWordUnit(text, end + 1)) end += 2;
    else return end;
  }
}

/** The start of the word that ends at `end` (exclusive). */
function wordStart(text: string, end: number): number {
  let start = end;
  while (isWordUnit(text, start - 1)) start--;
  return start;
}

/** Written like a name in German: a capital after its first letter or a digit ("KDE", "GmbH", "X11"). */
function isWrittenLikeName(text: string, start: number, end: number): boolean {
  if (!isUpper(text, start)) return false;
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || isUpper(text, i)) return true;
  }
  return false;
}

function isNamePart(text: string, language: Language, start: number, end: number): boolean {
  return language === 'de' ? isWrittenLikeName(text, start, end) : isUpper(text, start);
}

/** Whether a hyphen joins the match [start, end) to a name, after it or before it. */
function isJoinedToName(text: string, language: Language, start: number, end: number): boolean {
  if (HYPHENS.has(text.charCodeAt(end)) && isWordUnit(text, end + 1)) {
    if (isNamePart(text, language, end + 1, wordEnd(text, end + 1))) return true;
  }
  if (HYPHENS.has(text.charCodeAt(start - 1)) && isWordUnit(text, start - 2)) {
    if (isNamePart(text, language, wordStart(text, start - 1), start - 1)) return true;
  }
  return false;
}

/** The start of the word right after `at` across spaces or tabs (no line break), or -1. */
function nextWordAfter(text: string, at: number): number {
  let i = at;
  while (i < text.length && isInlineSpace(text.charCodeAt(i))) i++;
  return i > at && isWordUnit(text, i) ? i : -1;
}

/** The start of the word right before `at` across spaces or tabs (no line break), or -1. */
function wordBefore(text: string, at: number): number {
  let i = at - 1;
  while (i >= 0 && isInlineSpace(text.charCodeAt(i))) i--;
  return i < at - 1 && isWordUnit(text, i) ? wordStart(text, i + 1) : -1;
}

/** Whether the match [start, end) is part of a name (see the module comment). */
function isName(text: string, language: Language, start: number, end: number): boolean {
  if (!isCapitalised(text, start)) return false;
  if (isJoinedToName(text, language, start, end)) return true;
  const atStart = isSentenceStart(text, start);
  if (language === 'en' && !atStart) return true;
  // In German a capital at a sentence's start says nothing about the word.
  if (language === 'de' && atStart) return false;
  const next = nextWordAfter(text, wordEnd(text, start));
  if (next >= 0 && isCapitalised(text, next)) return true;
  const previous = wordBefore(text, start);
  return previous >= 0 && isCapitalised(text, previous) && (language === 'en' || !isSentenceStart(text, previous));
}

/**
 * Reads `text` (a scanner's text with its block boundaries marked) for the
 * records of `language`: the copy they run over, and the test each match must
 * pass to be reported.
 */
export function readProse(text: string, language: Language): ProseView {
  const ranges = nonProseTokens(text);
  return {
    text: maskRanges(text, ranges),
    isUse: (start, end) =>
      !(ranges.length > 0 && overlaps(ranges, start, end)) && !isMention(text, start, end) && !isName(text, language, start, end),
  };
}
