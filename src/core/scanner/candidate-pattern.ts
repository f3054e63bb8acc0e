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
// text in at most one way and reads each white-space run once; a record's
// filter adds a pair's gap, at most MAX_PAIR_GAP words of one class that
// excludes white space, each after its white space, so read once per try. An attempt
// tries each branch of the trie at most once, and a branch reaches no further
// than its longest phrase: the work per attempt is bounded by the catalogue
// times the white space within that reach. The shared candidate tries every
// position once (scan.ts resumes after each hit), and the record filters run
// only at hits. test/build/worst-case-time.test.ts runs the scanner on
// attacks of every record at once.
import { foldUnicodeOnly, foldUnicodeOnlyLong } from './case-fold';
import { candidatePhrases, GAP_WORD, type PhrasePair, type RecordPatterns, WORD_CHAR } from './phrase-pattern';

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

// The characters a regex needs escaped outside a class.
const SPECIAL = '.*+?^$' + '{}()|[]\\/-';
const GAP = String.raw`\s+`;
// Between the first part of an adjacent pair and its second: a comma may follow.
const GAP_AFTER_FIRST = String.raw`,?\s+`;

// White space as `\s` and String.prototype.trim know it.
const WHITE_SPACE = /\s/;
function isWhiteSpace(unit: number): boolean {
  return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || (unit >= 0xa0 && WHITE_SPACE.test(String.fromCharCode(unit)));
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
 * - GAP_END: the first part of a pair that lets words stand between its parts:
 *   a comma may follow, then white space. The skipped words and the second
 *   part are left to the record's own regex: a bounded loop here would be
 *   unrolled by the engine for every pair and make the filter slow;
 * - WORD_END: a whole phrase: no word character may follow;
 * - OPEN_END: anything may follow (a phrase cut at MOST_PIECES, or an adjacent
 *   pair cut after the first characters of its second part).
 * NO_END: no branch stops here. A stronger ending replaces a weaker one.
 */
const NO_END = 0;
const GAP_END = 1;
const WORD_END = 2;
const OPEN_END = 3;

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

/**
 * Tries of regex pieces, every node a number indexing the arrays (a process
 * builds thousands of nodes before its first scan, mostly before V8 has
 * optimised this code: an object and a Map per node made collecting the
 * garbage the largest part of it). Children are kept in the order they were
 * added; `ending` is set where a branch may stop.
 */
class Tries {
  /** Each distinct piece once, by its number. */
  readonly pieceText: string[] = [];
  /** Whether the piece is one ASCII word character: then \b tests the edge after it. */
  readonly pieceIsAsciiWord: boolean[] = [];
  private readonly pieceNumbers = new Map<string, number>();
  /** Piece numbers of single BMP characters, by code unit, filled on demand. */
  private readonly charPieces = new Map<number, number>();
  /**
   * Children by `node * pieceSpan + piece`: one lookup in place of a walk
   * along the siblings. The span is the number of pieces when the first
   * child is added; no piece may be added after that.
   */
  private readonly childByKey = new Map<number, number>();
  private pieceSpan = 0;

  readonly piece: number[] = [];
  readonly ending: number[] = [];
  readonly children: number[] = [];
  readonly firstChild: number[] = [];
  readonly lastChild: number[] = [];
  readonly nextSibling: number[] = [];

  /** A new root: the start of a trie. */
  root(): number {
    return this.add(-1, -1);
  }

  /** A new child of `parent`, after its others (`parent` -1: a root). */
  add(parent: number, piece: number): number {
    const id = this.piece.length;
    this.piece.push(piece);
    this.ending.push(NO_END);
    this.children.push(0);
    this.firstChild.push(-1);
    this.lastChild.push(-1);
    this.nextSibling.push(-1);
    if (parent >= 0) {
      const last = this.lastChild[parent] as number;
      if (last < 0) this.firstChild[parent] = id;
      else this.nextSibling[last] = id;
      this.lastChild[parent] = id;
      this.children[parent] = (this.children[parent] as number) + 1;
    }
    return id;
  }

  /** The number of `text` as a piece. */
  pieceOf(text: string): number {
    let found = this.pieceNumbers.get(text);
    if (found === undefined) {
      if (this.pieceSpan > 0) throw new Error('candidate-pattern: a piece was added after the first child');
      found = this.pieceText.length;
      this.pieceText.push(text);
      this.pieceIsAsciiWord.push(/^\w$/.test(text));
      this.pieceNumbers.set(text, found);
    }
    return found;
  }

  /**
   * The number of the piece that matches the BMP character at `index`: its
   * case-fold representative (foldUnicodeOnly), escaped where special.
   */
  charPiece(text: string, index: number): number {
    const unit = text.charCodeAt(index);
    let found = this.charPieces.get(unit);
    if (found === undefined) {
      const char = foldUnicodeOnly(text.charAt(index));
      found = this.pieceOf(SPECIAL.includes(char) ? `\\${char}` : char);
      this.charPieces.set(unit, found);
    }
    return found;
  }

  /** The child of `node` reached by `piece`; `created` gets it if it is new. */
  child(node: number, piece: number, created: number[]): number {
    if (this.pieceSpan === 0) this.pieceSpan = Math.max(this.pieceText.length, 1);
    const key = node * this.pieceSpan + piece;
    let id = this.childByKey.get(key);
    if (id === undefined) {
      id = this.add(node, piece);
      this.childByKey.set(key, id);
      created.push(id);
    }
    return id;
  }

  end(node: number, ending: number): void {
    if (ending > (this.ending[node] as number)) this.ending[node] = ending;
  }

  // After an ASCII word character \b is the cheapest word-edge test, and exact
  // enough: without `u` no other character folds to an ASCII word character.
  endingSource(node: number): string {
    switch (this.ending[node]) {
      case WORD_END:
        return this.pieceIsAsciiWord[this.piece[node] as number] ? String.raw`\b` : NOT_BEFORE_WORD;
      case GAP_END:
        return String.raw`,?\s`;
      default:
        return '';
    }
  }

  /**
   * What `node` writes into the source when its branches are rendered: their
   * pieces, its ending and the `(?:…|…)` around them (not what lies below
   * its children). An open node writes nothing.
   */
  ownLength(node: number): number {
    const ending = this.ending[node] as number;
    if (ending === OPEN_END) return 0;
    const branches = (this.children[node] as number) + (ending === NO_END ? 0 : 1);
    let length = this.endingSource(node).length + (branches > 1 ? 3 + branches : 0);
    for (let next = this.firstChild[node] as number; next >= 0; next = this.nextSibling[next] as number) {
      length += (this.pieceText[this.piece[next] as number] as string).length;
    }
    return length;
  }
}

/**
 * The pieces a phrase is matched by, as piece numbers: one per character,
 * `\s+` per gap. A loop over code units rather than split, spread and a
 * regex per character: a process builds the candidate before its first scan.
 */
function tokens(tries: Tries, phrase: string): number[] {
  const out: number[] = [];
  const text = phrase.trim();
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isWhiteSpace(unit)) {
      gap = true;
      continue;
    }
    if (gap) {
      out.push(tries.pieceOf(GAP));
      gap = false;
    }
    const next = text.charCodeAt(i + 1);
    // No character foldUnicodeOnly changes is white space, an apostrophe or
    // outside the BMP: folding character by character is folding the phrase.
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out.push(tries.pieceOf(astral(text.slice(i, i + 2))));
      i++;
    } else if (unit === 0x27 || unit === 0x2019) out.push(tries.pieceOf(APOSTROPHES));
    else out.push(tries.charPiece(text, i));
  }
  return out;
}

// The trie under `node` as regex source, every branch cut after `piecesLeft`
// more pieces: an open end matches whatever its branches would, and so does a
// cut branch. Appends to `out`.
function render(tries: Tries, node: number, piecesLeft: number, out: string[]): void {
  const ending = tries.ending[node] as number;
  const children = tries.children[node] as number;
  if (ending === OPEN_END || (piecesLeft === 0 && children > 0)) return;
  const wrap = children + (ending === NO_END ? 0 : 1) > 1;
  if (wrap) out.push('(?:');
  let first = true;
  for (let next = tries.firstChild[node] as number; next >= 0; next = tries.nextSibling[next] as number) {
    if (!first) out.push('|');
    first = false;
    out.push(tries.pieceText[tries.piece[next] as number] as string);
    render(tries, next, piecesLeft - 1, out);
  }
  if (ending !== NO_END) {
    if (!first) out.push('|');
    out.push(tries.endingSource(node));
  }
  if (wrap) out.push(')');
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

/**
 * One branch on its way down a trie: its pieces, how many it has followed,
 * the node it stands at, and how it ends. The first part of an adjacent
 * pair goes on, where it ends, as one branch per prefix of a second part.
 */
interface Walk {
  readonly pieces: readonly number[];
  done: number;
  node: number;
  readonly ending: number;
  readonly forks: readonly (readonly number[])[] | null;
}

// The look-behind would run at every position of the text; the look-ahead
// on the first pieces (a few characters such as ü) runs first and fails
// almost everywhere.
function otherStart(tries: Tries, other: number): string {
  const firsts: string[] = [];
  for (let next = tries.firstChild[other] as number; next >= 0; next = tries.nextSibling[next] as number) {
    firsts.push(tries.pieceText[tries.piece[next] as number] as string);
  }
  return `(?=${firsts.join('|')})${NOT_AFTER_WORD}`;
}

// The candidate source with every branch cut after `maxPieces` pieces.
function candidateSource(tries: Tries, ascii: number, other: number, maxPieces: number): string {
  // Before an ASCII word character, \b is the cheapest edge test the engine
  // has, and exact enough: no other text character folds to one without `u`.
  const out: string[] = [];
  if ((tries.children[ascii] as number) > 0) {
    out.push(String.raw`\b`);
    render(tries, ascii, maxPieces, out);
  }
  if ((tries.children[other] as number) > 0) {
    if (out.length > 0) out.push('|');
    out.push(otherStart(tries, other));
    render(tries, other, maxPieces, out);
  }
  return out.join('');
}

// The branches as lines of text, one code unit per piece (see linesSource):
// white space in the phrases becomes one of these, so none of them is
// otherwise in a line, and `.` matches each.
const LINE_GAP = ' ';
const LINE_GAP_AFTER_FIRST = '\t';
const LINE_ENDS: Readonly<Record<string, number>> = { '\v': GAP_END, '\f': WORD_END, '\u00a0': OPEN_END };
const LINE_END_OF = { [GAP_END]: '\v', [WORD_END]: '\f', [OPEN_END]: '\u00a0' } as const;
const LINE_PIECE: Readonly<Record<string, string>> = { [LINE_GAP]: GAP, [LINE_GAP_AFTER_FIRST]: GAP_AFTER_FIRST, "'": APOSTROPHES };
const ASCII_WORD_UNIT = /^\w/;

/**
 * Texts with white space trimmed, each run of it as LINE_GAP, folded
 * (foldUnicodeOnly) and both apostrophes as `'`: the pieces of each as code
 * units. Undefined when a text has a unit outside the BMP or a NUL (the
 * separator).
 */
function lineKeys(texts: readonly string[]): string[] | undefined {
  if (texts.length === 0) return [];
  const joined = texts.join('\0');
  if (/[\ud800-\udfff]/.test(joined) || joined.split('\0').length !== texts.length) return undefined;
  return foldUnicodeOnlyLong(joined)
    .replace(/\s+/g, LINE_GAP)
    .replace(/ ?\0 ?/g, '\0')
    .replace(/^ | $/g, '')
    .replaceAll('\u2019', "'")
    .split('\0');
}

/**
 * fittingTrie for phrases and pairs within the BMP, with most of the work
 * left to the string and regex built-ins: each branch is a line of text, one
 * code unit per piece and a last unit that tells how it ends; the lines'
 * first `n` units, in order and without repeats, are the nodes at depth `n`
 * and the endings at depth `n - 1`, in the order the branches reach them.
 * Undefined where it does not apply (fittingTrie then walks the branches).
 */
function linesTrie(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): FittingTrie | undefined {
  const phraseKeys = lineKeys(phrases);
  if (phraseKeys === undefined) return undefined;
  const lines = phraseKeys.map((key) => key + LINE_END_OF[WORD_END]);
  for (const pair of pairs) {
    const firsts = lineKeys(pair.first);
    if (firsts === undefined) return undefined;
    if (pair.within > 0 || !shape.thenPrefixes) {
      for (const first of firsts) lines.push(first + LINE_END_OF[GAP_END]);
      continue;
    }
    const prefixes = lineKeys([...new Set(pair.then.map((then) => [...then.trim()].slice(0, THEN_PREFIX).join('')))]);
    if (prefixes === undefined) return undefined;
    if (prefixes.length === 0) continue;
    const forks = prefixes.map((prefix) => LINE_GAP_AFTER_FIRST + prefix + LINE_END_OF[OPEN_END]);
    for (const first of firsts) lines.push(first + forks.join(`\n${first}`));
  }
  const text = lines.join('\n');

  const tries = new Tries();
  const ascii = tries.root();
  const other = tries.root();
  const nodeOf = new Map<string, number>();
  const pieceOfUnit = (unit: string) => tries.pieceOf(LINE_PIECE[unit] ?? (SPECIAL.includes(unit) ? `\\${unit}` : unit));
  const limit = OPTIMISED_SOURCE_LIMIT;
  let nodes = [ascii, other];
  let above = 0;
  let fixed = 0;
  for (let depth = 0; ; depth++) {
    // The first depth + 1 units of each line long enough, each once.
    const heads = [...new Set(text.match(new RegExp(`^.{${depth + 1}}`, 'gm')) ?? [])];
    // Endings at this depth first: then an open node hides what lies below.
    const going: string[] = [];
    const goingFrom: number[] = [];
    for (const head of heads) {
      // At depth 0 an ending is an empty phrase's, at the root of the other starts.
      const parent = depth > 0 ? nodeOf.get(head.slice(0, depth)) : LINE_ENDS[head] === undefined ? rootOf(head) : other;
      if (parent === undefined) continue;
      const ending = LINE_ENDS[head.charAt(depth)];
      if (ending !== undefined) tries.end(parent, ending);
      else if (depth >= shape.mostPieces) tries.end(parent, OPEN_END);
      else {
        going.push(head);
        goingFrom.push(parent);
      }
    }
    // A node writes its own part (ownLength) if the cut lies deeper, and if
    // the cut is here, its ending where no branch goes on from it.
    const continues = new Set<number>();
    for (const parent of goingFrom) if (tries.ending[parent] !== OPEN_END) continues.add(parent);
    let leaves = 0;
    let whole = 0;
    for (const node of nodes) {
      if (continues.has(node)) continue;
      const own = tries.ownLength(node);
      leaves += own;
      // A root without branches is not part of the source.
      if (depth > 0) whole += own;
    }
    if (depth > 0 && fixed + above + leaves > limit) {
      const most = Math.min(shape.mostPieces - 1, MOST_PIECES);
      return { tries, ascii, other, maxPieces: most < 1 ? shape.mostPieces : Math.max(1, Math.min(depth - 1, most)) };
    }
    if (continues.size === 0) return { tries, ascii, other, maxPieces: shape.mostPieces };
    const created: number[] = [];
    for (let i = 0; i < going.length; i++) {
      const parent = goingFrom[i] as number;
      if (!continues.has(parent)) continue;
      const head = going[i] as string;
      const node = tries.add(parent, pieceOfUnit(head.charAt(depth)));
      nodeOf.set(head, node);
      created.push(node);
    }
    for (const node of continues) whole += tries.ownLength(node);
    above += whole;
    if (depth === 0) {
      const asciiUsed = (tries.children[ascii] as number) > 0;
      const otherUsed = (tries.children[other] as number) > 0;
      fixed = (asciiUsed ? 2 : 0) + (otherUsed ? otherStart(tries, other).length : 0) + (asciiUsed && otherUsed ? 1 : 0);
    }
    nodes = created;
  }

  // The root a branch starts at: ASCII word characters are tested with \b.
  function rootOf(head: string): number {
    return ASCII_WORD_UNIT.test(head) ? ascii : other;
  }
}

/**
 * The source with the longest branches, at most `shape.mostPieces`, that
 * fits OPTIMISED_SOURCE_LIMIT (a catalogue too large even with one piece per
 * branch gets that: correct, only slower).
 *
 * Phrases and pairs share one trie per kind of start. The tries are built
 * one depth at a time, every branch one piece further per round, and the
 * length of the source cut at each depth is counted on the way: rendered
 * `d` pieces deep, a node above depth `d` writes its own part (Tries's
 * ownLength), a node at depth `d` writes its ending if it is a leaf and
 * nothing otherwise, an open node writes nothing and hides what lies below
 * it. The length only grows with the depth, so building stops at the first
 * depth that does not fit, and only the cut chosen is rendered. A child is
 * added to a node in the order the branches are listed, as when each branch
 * is inserted whole, so the source is the same.
 */
function fittingSource(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): string {
  const { tries, ascii, other, maxPieces } = fittingTrie(phrases, pairs, shape);
  return candidateSource(tries, ascii, other, maxPieces);
}

/** The tries fittingSource renders, and the cut it renders them at. */
interface FittingTrie {
  readonly tries: Tries;
  readonly ascii: number;
  readonly other: number;
  readonly maxPieces: number;
}

function fittingTrie(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): FittingTrie {
  const fromLines = linesTrie(phrases, pairs, shape);
  if (fromLines !== undefined) return fromLines;
  const tries = new Tries();
  const ascii = tries.root();
  const other = tries.root();
  const walk = (pieces: readonly number[], ending: number, forks: Walk['forks'] = null): Walk => ({
    pieces,
    done: 0,
    node: pieces.length > 0 && tries.pieceIsAsciiWord[pieces[0] as number] ? ascii : other,
    ending,
    forks,
  });
  let walks: Walk[] = phrases.map((phrase) => walk(tokens(tries, phrase), WORD_END));
  const gapAfterFirst = tries.pieceOf(GAP_AFTER_FIRST);
  for (const pair of pairs) {
    const adjacent = pair.within === 0 && shape.thenPrefixes;
    if (!adjacent) {
      for (const first of pair.first) walks.push(walk(tokens(tries, first), GAP_END));
      continue;
    }
    const prefixes = [...new Set(pair.then.map((then) => [...then.trim()].slice(0, THEN_PREFIX).join('')))];
    if (prefixes.length === 0) continue;
    const forks = prefixes.map((prefix) => [gapAfterFirst, ...tokens(tries, prefix)]);
    for (const first of pair.first) walks.push(walk(tokens(tries, first), OPEN_END, forks));
  }

  const limit = OPTIMISED_SOURCE_LIMIT;
  let nodes = [ascii, other];
  // What the nodes above the current depth write; what the two starts add.
  let above = 0;
  let fixed = 0;
  for (let depth = 0; ; depth++) {
    // Branches that end at this depth mark their node; the others go on.
    const going: Walk[] = [];
    const settle = (w: Walk) => {
      if (w.done < w.pieces.length) {
        if (depth >= shape.mostPieces) tries.end(w.node, OPEN_END);
        else going.push(w);
      } else if (w.forks === null) tries.end(w.node, w.ending);
      else for (const fork of w.forks) settle({ pieces: fork, done: 0, node: w.node, ending: OPEN_END, forks: null });
    };
    for (const w of walks) settle(w);
    // The endings at this depth are final: a branch at an open node is hidden.
    const goingOn = going.filter((w) => tries.ending[w.node] !== OPEN_END);
    const continues = new Set<number>();
    for (const w of goingOn) continues.add(w.node);
    let leaves = 0;
    for (const node of nodes) if (!continues.has(node)) leaves += tries.ownLength(node);
    if (depth > 0) {
      // The length of the source cut at this depth.
      const length = fixed + above + leaves;
      if (length > limit) {
        // Every cut from here down is as long or longer; the ones above fit.
        const most = Math.min(shape.mostPieces - 1, MOST_PIECES);
        return { tries, ascii, other, maxPieces: most < 1 ? shape.mostPieces : Math.max(1, Math.min(depth - 1, most)) };
      }
    }
    if (goingOn.length === 0) return { tries, ascii, other, maxPieces: shape.mostPieces };
    const created: number[] = [];
    for (const w of goingOn) {
      w.node = tries.child(w.node, w.pieces[w.done] as number, created);
      w.done++;
    }
    for (const node of nodes) {
      // A root without branches is not part of the source.
      if (depth > 0 || (tries.children[node] as number) > 0) above += tries.ownLength(node);
    }
    if (depth === 0) {
      const asciiUsed = (tries.children[ascii] as number) > 0;
      const otherUsed = (tries.children[other] as number) > 0;
      fixed = (asciiUsed ? 2 : 0) + (otherUsed ? otherStart(tries, other).length : 0) + (asciiUsed && otherUsed ? 1 : 0);
    }
    walks = goingOn;
    nodes = created;
  }
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

// Pieces of a second part a record's filter checks after a wide pair's gap:
// enough to tell "the … first" from "the … result", few enough to keep the
// filter small.
const THEN_REACH_PIECES = 8;

const HEAD_SHAPE: Shape = { mostPieces: Number.POSITIVE_INFINITY, thenPrefixes: false };

/**
 * Whether the record's filter checks a pair's second part after its gap:
 * a pair whose second part is never empty (an empty one matches anywhere
 * after the gap).
 */
function reachesSecondPart(pair: PhrasePair): boolean {
  return pair.then.length > 0 && pair.then.every((then) => then.trim() !== '');
}

/**
 * A pair in a record's filter: its first part, a gap of up to `within` words
 * as the record's regex reads one (GAP_WORD, no `u` flag: the same code
 * units), then the second part's first THEN_REACH_PIECES pieces.
 */
function reachingPairSource(pair: PhrasePair): string {
  const first = fittingSource(pair.first, [], HEAD_SHAPE);
  const then = fittingSource(pair.then, [], { mostPieces: THEN_REACH_PIECES, thenPrefixes: false });
  const words = pair.within === 0 ? '' : String.raw`(?:\s+${GAP_WORD}){0,${pair.within}}`;
  return String.raw`(?:${first}),?${words}\s+(?:${then})`;
}

/**
 * One record's own filter at one offset: like the shared candidate, sticky
 * (flags `i` and `y`), with whole phrases where they fit, so that a near-miss
 * of a long phrase fails here rather than in the record's regex. A pair
 * (reachesSecondPart) is its first part, its gap and the start of a second
 * part: the shared candidate stops at every first part of a pair with words
 * between its parts ("the", "is") and checks only four characters of an
 * adjacent one's second part; without the gap here, the record's regex ran
 * its pairs and guards at each of those stops only to fail (on the
 * benchmark's English prose about nine in ten times).
 */
export function compileRecordHeadPattern(patterns: RecordPatterns): RegExp {
  const pairs = patterns.pairs ?? [];
  const phrases = candidatePhrases(patterns);
  const others = pairs.filter((pair) => !reachesSecondPart(pair));
  const rest = fittingSource(phrases, others, HEAD_SHAPE);
  const reaching = pairs.filter(reachesSecondPart).map(reachingPairSource);
  // An empty source matches anywhere: for forms that are empty as for none.
  if (reaching.length === 0 || (rest === '' && phrases.length + others.length > 0)) return new RegExp(rest, 'iy');
  return new RegExp([...(rest === '' ? [] : [rest]), ...reaching].join('|'), 'iy');
}

/**
 * The trie of the shared candidate (compileCandidatePattern) and the cut its
 * regex is rendered at, for candidate-automaton.ts: the same tries, read
 * instead of rendered.
 */
export interface CandidateTrie {
  /** The root of branches that start with an ASCII word character (after `\b`). */
  readonly ascii: number;
  /** The root of the others (after no common word character). */
  readonly other: number;
  /** The most pieces a rendered branch keeps. */
  readonly maxPieces: number;
  /** How a branch may end at `node`: 0 none, 1 `,?\s`, 2 word end, 3 open. */
  ending(node: number): number;
  children(node: number): number[];
  /** The regex source of the piece that leads to `node`. */
  pieceText(node: number): string;
  /** Whether that piece is one ASCII word character. */
  pieceIsAsciiWord(node: number): boolean;
  /** Internal: the tries. */
  readonly tries: Tries;
}

/** The candidate's trie for `phrases` and `pairs`, as compileCandidatePattern renders it. */
export function candidateTrie(phrases: readonly string[], pairs: readonly PhrasePair[] = []): CandidateTrie {
  const { tries, ascii, other, maxPieces } = fittingTrie(phrases, pairs, { mostPieces: MOST_PIECES, thenPrefixes: true });
  return {
    ascii,
    other,
    maxPieces,
    tries,
    ending: (node) => tries.ending[node] as number,
    children: (node) => {
      const out: number[] = [];
      for (let next = tries.firstChild[node] as number; next >= 0; next = tries.nextSibling[next] as number) out.push(next);
      return out;
    },
    pieceText: (node) => tries.pieceText[tries.piece[node] as number] as string,
    pieceIsAsciiWord: (node) => tries.pieceIsAsciiWord[tries.piece[node] as number] === true,
  };
}

/**
 * The nodes of `trie` where the branches of one record's phrases and pairs
 * stop as the regex renders them: at their end, where the trie is open, or at
 * the cut. A record can match only where one of its branches matched.
 */
export function recordBranches(trie: CandidateTrie, phrases: readonly string[], pairs: readonly PhrasePair[]): number[] {
  const { tries } = trie;
  const stops: number[] = [];
  const walk = (pieces: readonly number[]) => {
    let node = pieces.length > 0 && tries.pieceIsAsciiWord[pieces[0] as number] ? trie.ascii : trie.other;
    for (let depth = 0; ; depth++) {
      if (depth === pieces.length || depth === trie.maxPieces || tries.ending[node] === OPEN_END) break;
      let next = tries.firstChild[node] as number;
      while (next >= 0 && tries.piece[next] !== pieces[depth]) next = tries.nextSibling[next] as number;
      if (next < 0) throw new Error('candidate-pattern: a branch of a record is not in the candidate trie');
      node = next;
    }
    stops.push(node);
  };
  for (const phrase of phrases) walk(tokens(tries, phrase));
  const gapAfterFirst = tries.pieceOf(GAP_AFTER_FIRST);
  for (const pair of pairs) {
    if (pair.within > 0) {
      for (const first of pair.first) walk(tokens(tries, first));
      continue;
    }
    const prefixes = [...new Set(pair.then.map((then) => [...then.trim()].slice(0, THEN_PREFIX).join('')))];
    for (const first of pair.first) {
      const head = tokens(tries, first);
      for (const prefix of prefixes) walk([...head, gapAfterFirst, ...tokens(tries, prefix)]);
    }
  }
  return stops;
}
