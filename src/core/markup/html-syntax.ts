// Raw HTML as CommonMark recognises it inside Markdown (spec section 6.6):
// open and closing tags, comments, processing instructions, declarations and
// CDATA. Each scanner returns the offset just after the construct, or -1.
// Terminator searches go through a Finder, so a thousand unterminated
// comments cost one search, not a thousand.

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Space, tab, line feed, line tabulation, form feed, carriage return: `\s` in the spec's tag grammar. */
export const isHtmlSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** Remembers the next occurrence of a terminator, so repeated searches stay linear. */
export class Finder {
  /** Per needle: the offset a search started from and what it found there. */
  private readonly found = new Map<string, { from: number; at: number }>();
  constructor(private readonly s: string) {}
  /** First index ≥ from where `needle` starts, or -1. */
  next(needle: string, from: number): number {
    const known = this.found.get(needle);
    // A search from an earlier offset answers: found nothing, or found something not before `from`.
    if (known !== undefined && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = this.s.indexOf(needle, from);
    this.found.set(needle, { from, at });
    return at;
  }
}

function skipSpace(s: string, i: number, end: number): number {
  while (i < end && isHtmlSpace(s.charCodeAt(i))) i++;
  return i;
}

function scanTagName(s: string, i: number, end: number): number {
  if (i >= end || !isAsciiLetter(s.charCodeAt(i))) return -1;
  i++;
  while (i < end) {
    const c = s.charCodeAt(i);
    if (isAsciiLetter(c) || isDigit(c) || c === 45) i++;
    else break;
  }
  return i;
}

function scanAttributeValue(s: string, i: number, end: number, finder: Finder): number {
  const c = s.charCodeAt(i);
  if (c === 34 || c === 39) {
    const close = finder.next(c === 34 ? '"' : "'", i + 1);
    return close === -1 || close >= end ? -1 : close + 1;
  }
  const start = i;
  while (i < end) {
    const d = s.charCodeAt(i);
    // Unquoted value: no space, no " ' = < > `, no control character.
    if (d <= 32 || d === 34 || d === 39 || d === 61 || d === 60 || d === 62 || d === 96) break;
    i++;
  }
  return i > start ? i : -1;
}

/** `<tag attr="v" …>` or `<tag/>`, from the `<` at `i`. */
export function scanOpenTag(s: string, i: number, end: number, finder: Finder): number {
  let at = scanTagName(s, i + 1, end);
  if (at === -1) return -1;
  for (;;) {
    const afterSpace = skipSpace(s, at, end);
    const c = s.charCodeAt(afterSpace);
    if (afterSpace >= end) return -1;
    if (c === 62) return afterSpace + 1;
    if (c === 47) return s.charCodeAt(afterSpace + 1) === 62 && afterSpace + 1 < end ? afterSpace + 2 : -1;
    // An attribute needs white space before it.
    if (afterSpace === at) return -1;
    if (!(isAsciiLetter(c) || c === 95 || c === 58)) return -1;
    at = afterSpace + 1;
    while (at < end) {
      const d = s.charCodeAt(at);
      if (isAsciiLetter(d) || isDigit(d) || d === 95 || d === 58 || d === 46 || d === 45) at++;
      else break;
    }
    const beforeEquals = skipSpace(s, at, end);
    if (s.charCodeAt(beforeEquals) === 61 && beforeEquals < end) {
      const value = scanAttributeValue(s, skipSpace(s, beforeEquals + 1, end), end, finder);
      if (value === -1) return -1;
      at = value;
    }
  }
}

/** `</tag >`, from the `<` at `i`. */
export function scanCloseTag(s: string, i: number, end: number): number {
  if (s.charCodeAt(i + 1) !== 47) return -1;
  const name = scanTagName(s, i + 2, end);
  if (name === -1) return -1;
  const at = skipSpace(s, name, end);
  return at < end && s.charCodeAt(at) === 62 ? at + 1 : -1;
}

/** Comment, processing instruction, declaration or CDATA, from the `<` at `i`. */
export function scanSpecialTag(s: string, i: number, end: number, finder: Finder): number {
  const c = s.charCodeAt(i + 1);
  if (c === 63) return terminated(finder.next('?>', i + 2), 2, end);
  if (c !== 33) return -1;
  if (s.startsWith('--', i + 2)) {
    if (s.startsWith('>', i + 4)) return i + 5 <= end ? i + 5 : -1;
    if (s.startsWith('->', i + 4)) return i + 6 <= end ? i + 6 : -1;
    return terminated(finder.next('-->', i + 4), 3, end);
  }
  if (s.startsWith('[CDATA[', i + 2)) return terminated(finder.next(']]>', i + 9), 3, end);
  if (isAsciiLetter(s.charCodeAt(i + 2))) return terminated(finder.next('>', i + 3), 1, end);
  return -1;
}

function terminated(at: number, length: number, end: number): number {
  return at === -1 || at + length > end ? -1 : at + length;
}

/** Any raw HTML construct starting at the `<` at `i`. */
export function scanHtmlTag(s: string, i: number, end: number, finder: Finder): number {
  const c = s.charCodeAt(i + 1);
  if (c === 47) return scanCloseTag(s, i, end);
  if (c === 33 || c === 63) return scanSpecialTag(s, i, end, finder);
  return scanOpenTag(s, i, end, finder);
}
