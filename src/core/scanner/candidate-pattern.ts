// The fast pre-filters of the scanner: one non-Unicode, case-insensitive regex
// per language that matches wherever any phrase or pair could match, testing
// word edges against common word characters only, and a sticky one per record
// that scan.ts tries at a hit before the record's own regex. Both may find
// more than the records do, never less. Phrases and the first parts of pairs
// are merged into a trie (common prefixes written once), which the regex
// engine walks far faster than a flat alternation of hundreds of phrases.
//
// Linear time (the build proves the records' own regexes; these are simpler):
// the only repetition is `\s+` between words, always followed by a literal
// that is not white space or by the end of the branch, so a branch matches a
// text in at most one way and reads each white-space run once. An attempt
// tries each branch of the trie at most once, and a branch reaches no further
// than its longest phrase: the work per attempt is bounded by the catalogue
// times the white space within that reach. The shared candidate tries every
// position once (scan.ts resumes after each hit), and the record filters run
// only at hits. test/build/worst-case-time.test.ts runs the scanner on
// attacks of every record at once.
import { foldUnicodeOnly } from './case-fold';
import { type PhrasePair, type RecordPatterns, WORD_CHAR } from './phrase-pattern';

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

/**
 * How a branch of the candidate may end, weakest test first; each admits
 * everything the ones before it admit, so where several end at one node the
 * last suffices:
 * - `gap`: the first part of a pair that lets words stand between its parts:
 *   a comma may follow, then white space. The skipped words and the second
 *   part are left to the record's own regex: a bounded loop here would be
 *   unrolled by the engine for every pair and make the filter slow;
 * - `word`: a whole phrase: no word character may follow;
 * - `open`: anything may follow (a phrase cut at MOST_PIECES, or an adjacent
 *   pair cut after the first characters of its second part).
 */
type Ending = 'gap' | 'word' | 'open';
const STRENGTH: Record<Ending, number> = { gap: 0, word: 1, open: 2 };

/** A trie of regex pieces; `ending` is set where a branch may stop. */
interface Trie {
  readonly next: Map<string, Trie>;
  ending: Ending | null;
  /** The piece that led here: decides which word-edge test fits after it. */
  readonly piece: string;
}

function node(piece: string): Trie {
  return { next: new Map(), ending: null, piece };
}

/**
 * The longest regex source V8 still optimises (its kRegExpTooLargeToOptimize):
 * one character more and the candidate runs about eight times slower.
 */
export const OPTIMISED_SOURCE_LIMIT = 20 * 1024;

// Pieces of one branch of the shared candidate at most, fewer when the
// catalogue would not fit OPTIMISED_SOURCE_LIMIT. A longer phrase is cut and
// left open: past a dozen characters little prose still matches, so the cut
// costs few extra stops (the records' own filters end most of them) and keeps
// the long tails of the phrases out of the source. (At 12 pieces the English
// prose of the benchmark stopped the filter 6 % more often, the German 15 %,
// and German adversarial text took about a tenth longer to scan.)
const MOST_PIECES = 16;

// Characters of each second part an adjacent pair's branch checks: enough to
// tell most second parts from the words around them ("it allows" does not
// stop the filter at every "it"), few enough to keep the source small.
const THEN_PREFIX = 4;

// A branch longer than `maxPieces` is cut there and left open.
function insert(trie: Trie, pieces: readonly string[], ending: Ending, maxPieces: number): void {
  const cut = pieces.length > maxPieces;
  let at = trie;
  for (const piece of cut ? pieces.slice(0, maxPieces) : pieces) {
    let next = at.next.get(piece);
    if (!next) at.next.set(piece, (next = node(piece)));
    at = next;
  }
  const end = cut ? 'open' : ending;
  if (at.ending === null || STRENGTH[end] > STRENGTH[at.ending]) at.ending = end;
}

// After an ASCII word character \b is the cheapest word-edge test, and exact
// enough: without `u` no other character folds to an ASCII word character.
function endingSource(trie: Trie): string {
  switch (trie.ending) {
    case 'open':
      return '';
    case 'word':
      return /^\w$/.test(trie.piece) ? String.raw`\b` : NOT_BEFORE_WORD;
    default:
      return String.raw`,?\s`;
  }
}

// The trie as regex source, every branch cut after `piecesLeft` more pieces:
// an open end matches whatever its branches would, and so does a cut branch.
function render(trie: Trie, piecesLeft: number): string {
  if (trie.ending === 'open' || (piecesLeft === 0 && trie.next.size > 0)) return '';
  const branches = [...trie.next.values()].map((next) => next.piece + render(next, piecesLeft - 1));
  if (trie.ending !== null) branches.push(endingSource(trie));
  return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
}

/** Phrases and pair heads by how their start is tested. */
interface StartTries {
  /** Branches that start with an ASCII word character. */
  readonly ascii: Trie;
  readonly other: Trie;
}

/** How a regex of this module is built from the phrases and pairs. */
interface Shape {
  /** The most pieces a branch may keep; a longer one is cut and left open. */
  readonly mostPieces: number;
  /**
   * Whether an adjacent pair (within 0) checks the first characters of its
   * second part. Each first part then carries them all, which takes source
   * and build time; without, it ends like the first part of a wider pair.
   */
  readonly thenPrefixes: boolean;
}

function startTries(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): StartTries {
  const tries: StartTries = { ascii: node(''), other: node('') };
  const add = (pieces: readonly string[], ending: Ending) =>
    insert(/^\w$/.test(pieces[0] as string) ? tries.ascii : tries.other, pieces, ending, shape.mostPieces);
  for (const phrase of phrases) add(tokens(phrase), 'word');
  for (const pair of pairs) {
    const thenPrefixes = [...new Set(pair.then.map((then) => [...then.trim()].slice(0, THEN_PREFIX).join('')))].map(tokens);
    for (const first of pair.first) {
      const pieces = tokens(first);
      if (pair.within > 0 || !shape.thenPrefixes) add(pieces, 'gap');
      else for (const prefix of thenPrefixes) add([...pieces, String.raw`,?\s+`, ...prefix], 'open');
    }
  }
  return tries;
}

// The candidate source with every branch cut after `maxPieces` pieces.
function candidateSource({ ascii, other }: StartTries, maxPieces: number): string {
  // Before an ASCII word character, \b is the cheapest edge test the engine
  // has, and exact enough: no other text character folds to one without `u`.
  const starts: string[] = [];
  if (ascii.next.size > 0) starts.push(String.raw`\b${render(ascii, maxPieces)}`);
  // The look-behind would run at every position of the text; the look-ahead
  // on the first pieces (a few characters such as ü) runs first and fails
  // almost everywhere.
  if (other.next.size > 0) starts.push(`(?=${[...other.next.keys()].join('|')})${NOT_AFTER_WORD}${render(other, maxPieces)}`);
  return starts.join('|');
}

// The source with the longest branches, at most `shape.mostPieces`, that
// fits OPTIMISED_SOURCE_LIMIT (a catalogue too large even with one piece per
// branch gets that: correct, only slower). The trie is built once and cut as
// it is rendered.
function fittingSource(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): string {
  const tries = startTries(phrases, pairs, shape);
  let source = candidateSource(tries, shape.mostPieces);
  for (let pieces = Math.min(shape.mostPieces - 1, MOST_PIECES); source.length > OPTIMISED_SOURCE_LIMIT && pieces > 0; pieces--) {
    source = candidateSource(tries, pieces);
  }
  return source;
}

/**
 * The shared filter: a regex (flags `g` and `i`, no `u`) that matches, in
 * the text after `foldTextUnicodeOnly`, wherever any of the phrases or pairs
 * could match under flags `giu`: neither after nor before one of
 * COMMON_WORD_CHARS. It may match where none does, never the other way.
 *
 * Phrases and the first parts of pairs share one trie per kind of start, so
 * the engine tests the word edge at a position once and then follows one
 * branch per character; each branch ends with its own test. (One alternative
 * per pair, each with its own edge test, made the filter itself the slowest
 * part of a scan.)
 */
export function compileCandidatePattern(phrases: readonly string[], pairs: readonly PhrasePair[] = []): RegExp {
  return new RegExp(fittingSource(phrases, pairs, { mostPieces: MOST_PIECES, thenPrefixes: true }), 'gi');
}

/**
 * One record's own filter at one offset: like the shared candidate, sticky
 * (flags `i` and `y`), with whole phrases where they fit, so that a near-miss
 * of a long phrase fails here rather than in the record's regex. Adjacent
 * pairs end after their first part: the shared candidate has checked the
 * start of a second part, and this filter stays quick to build.
 */
export function compileRecordHeadPattern(patterns: RecordPatterns): RegExp {
  return new RegExp(
    fittingSource(patterns.phrases, patterns.pairs ?? [], { mostPieces: Number.POSITIVE_INFINITY, thenPrefixes: false }),
    'iy',
  );
}
