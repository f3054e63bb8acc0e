// The fast pre-filter of the scanner: one non-Unicode, case-insensitive regex
// per language and rule selection that matches wherever any phrase could
// match, testing word edges against common word characters only. It may find
// more than the records do, never less; scan.ts confirms each hit with the
// record's own regex. Phrases are merged into a trie (common prefixes written
// once), which the regex engine walks far faster than a flat alternation of
// hundreds of phrases.
import { foldUnicodeOnly } from './case-fold';
import { type PhrasePair, WORD_CHAR } from './phrase-pattern';

type Trie = Map<string, Trie>;
const END = '';

// The last code unit of Latin Extended-B: the edge test covers ASCII, Latin-1
// and Latin Extended, where nearly all prose word characters fall.
const LAST_COMMON_UNIT = 0x024f;

// The code units up to `last` that WORD_CHAR matches, as the body of a
// character class that needs no `u` flag (ranges of \uXXXX escapes).
function wordCharClassBody(last: number): string {
  const isWordChar = new RegExp(`^${WORD_CHAR}$`, 'u');
  const matches = (unit: number) => isWordChar.test(String.fromCharCode(unit));
  // Literal characters keep the class short: the class stands at every phrase
  // end of the candidate regex, and V8 stops optimising a regex source past
  // about 20 KiB. Only a character that is special in a class is escaped.
  const classLiteral = (unit: number) =>
    /[\\\][^-]/.test(String.fromCharCode(unit)) || unit < 0x20
      ? `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`
      : String.fromCharCode(unit);
  let body = '';
  for (let unit = 0; unit <= last; unit++) {
    if (!matches(unit)) continue;
    let end = unit;
    while (end < last && matches(end + 1)) end++;
    body += end === unit ? classLiteral(unit) : `${classLiteral(unit)}-${classLiteral(end)}`;
    unit = end;
  }
  return body;
}

/**
 * The word characters (WORD_CHAR: letter, decimal digit or `_`) among ASCII,
 * Latin-1 and Latin Extended, as a character class body for a regex without
 * the `u` flag. A phrase cannot start after one or end before one.
 */
export const COMMON_WORD_CHARS = wordCharClassBody(LAST_COMMON_UNIT);
const NOT_AFTER_WORD = `(?<![${COMMON_WORD_CHARS}])`;
const NOT_BEFORE_WORD = `(?![${COMMON_WORD_CHARS}])`;

const APOSTROPHES = "['\u2019]";
const SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

/** The pieces a phrase is matched by: one per character, `\s+` per gap. */
function tokens(phrase: string): string[] {
  const out: string[] = [];
  phrase
    .trim()
    .split(/\s+/)
    .forEach((word, i) => {
      if (i > 0) out.push(String.raw`\s+`);
      for (const char of foldUnicodeOnly(word)) {
        if (char === "'" || char === '\u2019') out.push(APOSTROPHES);
        else if (char.length === 2) out.push(astral(char));
        else out.push(char.replace(SPECIAL, '\\$&'));
      }
    });
  return out;
}

// Outside the BMP the non-`u` flag folds no case: list the variants.
function astral(char: string): string {
  const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((v) => [...v].length === 1);
  return `(?:${variants.join('|')})`;
}

function insert(trie: Trie, pieces: readonly string[]): void {
  let node = trie;
  for (const piece of pieces) {
    let next = node.get(piece);
    if (!next) node.set(piece, (next = new Map()));
    node = next;
  }
  node.set(END, new Map());
}

// A phrase end renders as an empty branch; the word-edge test follows the
// whole trie once (the engine backtracks into the branches when it fails),
// which keeps the source small: V8 stops optimising a regex past about 20 KiB.
function render(trie: Trie): string {
  const branches = [...trie].map(([piece, rest]) => (piece === END ? '' : piece + render(rest)));
  return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
}

function trieOf(phrases: readonly string[]): Trie {
  const trie: Trie = new Map();
  for (const phrase of phrases) insert(trie, tokens(phrase));
  return trie;
}

// Characters of each second part an adjacent pair's candidate checks: enough
// to tell most second parts from the words around them, few enough to keep
// the source small.
const THEN_PREFIX = 4;

// A pair, relaxed: its first part in full (the candidate must start where the
// record does) and the white space after it. An adjacent pair (within 0) also
// checks the first characters of its second part, so "it allows" does not stop
// the filter at every "it". The words a wider pair may skip are left to the
// record's own regex: a bounded loop here would be unrolled by the engine for
// every pair and make the filter itself slow to compile and to run.
function pairCandidate(pair: PhrasePair): string {
  const start = pair.first.every((p) => /^\w/.test(tokens(p)[0] as string)) ? String.raw`\b` : '';
  const head = `${start}${render(trieOf(pair.first))}${String.raw`,?\s`}`;
  if (pair.within > 0) return head;
  const prefixes = [...new Set(pair.then.map((p) => [...p.trim()].slice(0, THEN_PREFIX).join('').trim()))];
  return `${head}${String.raw`\s*`}${render(trieOf(prefixes))}`;
}

/**
 * A regex (flags `g` and `i`, no `u`) that matches, in the text after
 * `foldTextUnicodeOnly`, wherever any of the phrases or pairs could match
 * under flags `giu`: neither after nor before one of COMMON_WORD_CHARS.
 */
export function compileCandidatePattern(phrases: readonly string[], pairs: readonly PhrasePair[] = []): RegExp {
  const ascii: Trie = new Map();
  const other: Trie = new Map();
  for (const phrase of phrases) {
    const pieces = tokens(phrase);
    insert(/^\w$/.test(pieces[0] as string) ? ascii : other, pieces);
  }
  // Before an ASCII word character, \b is the cheapest edge test the engine
  // has, and exact enough: no other text character folds to one without `u`.
  const starts: string[] = [];
  if (ascii.size > 0) starts.push(String.raw`\b${render(ascii)}${NOT_BEFORE_WORD}`);
  if (other.size > 0) starts.push(NOT_AFTER_WORD + render(other) + NOT_BEFORE_WORD);
  for (const pair of pairs) {
    const body = pairCandidate(pair);
    starts.push(body.startsWith(String.raw`\b`) ? body : NOT_AFTER_WORD + body);
  }
  return new RegExp(starts.join('|'), 'gi');
}
