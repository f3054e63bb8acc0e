// The shared candidate of the scanner as data: the trie the candidate regex
// (candidate-pattern.ts) is rendered from, cut where the regex is cut, written
// as a compact string at build time and walked in JavaScript at scan time.
// It stops at exactly the positions the regex `compileCandidatePattern`
// returns matches at (test/core/scanner-automaton.test.ts), so a process
// compiles no large regex before its first answer, and it tells which records
// own the branches that matched there, so only those records' own regexes
// are built and run.
//
// The regex's semantics, emulated: flags `gi` without `u`. A character piece
// matches a code unit with the same Canonicalize (ECMA-262, non-Unicode: the
// single-unit upper case, never from non-ASCII to ASCII); `\s+` takes the
// whole run of white space (the next piece is never white space, so the
// greedy run is the only one that can go on); `,?\s+` an optional comma and
// then a run; `['’]` either apostrophe; an astral piece one of its spellings.
// Branches start after `\b` (ASCII word characters) or where no common word
// character (COMMON_WORD_CHARS, case-insensitively) stands before; they end
// with `\b`, with no common word character next, with `,?\s`, or open.
//
// Linear time: every position is tried once, and from a position each branch
// of the trie is followed at most once, no further than its cut (at most
// MOST_PIECES pieces), reading each white-space run once per piece: the work
// per position is bounded by the catalogue, as for the regex.
import { COMMON_WORD_CHARS, type CandidateTrie, candidateTrie, recordBranches } from './candidate-pattern';
import { candidatePhrases, type NumericComparison, type PhrasePair } from './phrase-pattern';

/** The phrases, pairs and numeric comparisons of one record, as the candidate reads them (a comparison by its words). */
export interface CandidateRecord {
  readonly phrases: readonly string[];
  readonly pairs?: readonly PhrasePair[];
  readonly numericComparisons?: readonly NumericComparison[];
}

// The serialised form: one string, mostly ASCII (a bundler writes every
// other character as a six-character escape). The trie is written depth
// first, each node as the piece that leads to it, its ending and marks, its
// children, then POP. `\s+` is a space, `,?\s+` a tab, `['’]` an apostrophe;
// any other piece that is not a single character (astral spellings), and a
// character piece that is one of the markers, is SPECIAL and an index into the
// header. Layout: FORMAT, the number of header pieces (a code unit, from
// BASE), each header piece ended by a line feed, then SECTION, the ASCII
// root's children, SECTION, the other root's children.
const FORMAT = '~';
const SECTION = '|';
const POP = '}';
const GAP_CODE = ' ';
const GAP_AFTER_FIRST_CODE = '\t';
const APOSTROPHES_CODE = "'";
/** Endings: GAP_END, WORD_END, OPEN_END. */
const ENDING_CODES = ['', '<', '=', '>'] as const;
/** A record's index r, after MARK, as the code unit BASE + r. */
const MARK = '#';
/** A header piece's index k, after SPECIAL, as the code unit BASE + k. */
const SPECIAL = '`';
const BASE = 0x30;
const INDEX_LIMIT = 0xd800 - BASE;
const MARKERS = new Set([FORMAT, SECTION, POP, GAP_CODE, GAP_AFTER_FIRST_CODE, APOSTROPHES_CODE, MARK, SPECIAL, '<', '=', '>', '\n']);

const NO_END = 0;
const GAP_END = 1;
const WORD_END = 2;
const OPEN_END = 3;

// Kinds of a child's piece, kept in `key` as negative numbers; a character
// piece keeps its Canonicalize code unit (0 or more).
const KIND_GAP = -1;
const KIND_GAP_AFTER_FIRST = -2;
const KIND_APOSTROPHE = -3;
/** Astral piece i: KIND_ASTRAL - i. */
const KIND_ASTRAL = -4;

const GAP_PIECE = String.raw`\s+`;
const GAP_AFTER_FIRST_PIECE = String.raw`,?\s+`;
const APOSTROPHES_PIECE = "['\u2019]";

/** The character a regex piece of one character stands for, or undefined for a special piece. */
function pieceCharacter(piece: string): string | undefined {
  if (piece.length === 1) return piece;
  if (piece.length === 2 && piece.charAt(0) === '\\' && piece !== String.raw`\s`) return piece.charAt(1);
  return undefined;
}

/**
 * The candidate of `records` (one language's records on the fast path, in
 * order) as the string the build writes into the catalogue: the trie of
 * compileCandidatePattern cut as its regex is, each branch's end marked with
 * the indices of the records it comes from.
 */
export function serializeCandidateAutomaton(records: readonly CandidateRecord[]): string {
  const trie = candidateTrie(
    records.flatMap((r) => candidatePhrases(r)),
    records.flatMap((r) => r.pairs ?? []),
  );
  const marks = markRecords(trie, records);
  const specials: string[] = [];
  const specialOf = new Map<string, number>();
  const pieceCode = (piece: string): string => {
    if (piece === GAP_PIECE) return GAP_CODE;
    if (piece === GAP_AFTER_FIRST_PIECE) return GAP_AFTER_FIRST_CODE;
    if (piece === APOSTROPHES_PIECE) return APOSTROPHES_CODE;
    const char = pieceCharacter(piece);
    if (char !== undefined && !MARKERS.has(char)) return char;
    const key = char ?? piece;
    let index = specialOf.get(key);
    if (index === undefined) {
      index = specials.length;
      if (index >= INDEX_LIMIT) throw new Error('candidate-automaton: too many special pieces');
      specials.push(key);
      specialOf.set(key, index);
    }
    return SPECIAL + String.fromCharCode(BASE + index);
  };
  const mark = (record: number) => MARK + String.fromCharCode(BASE + record);
  const out: string[] = [];
  // What render() in candidate-pattern.ts writes for `node`, `piecesLeft` pieces from its cut.
  const write = (node: number, piecesLeft: number) => {
    const ending = trie.ending(node);
    const children = trie.children(node);
    if (ending === OPEN_END || (piecesLeft === 0 && children.length > 0) || (children.length === 0 && ending === NO_END)) {
      out.push(ENDING_CODES[OPEN_END]);
      for (const record of subtreeMarks(trie, marks, node)) out.push(mark(record));
      return;
    }
    if (ending !== NO_END) out.push(ENDING_CODES[ending as 1 | 2 | 3]);
    for (const record of marks.get(node) ?? []) out.push(mark(record));
    for (const child of children) {
      out.push(pieceCode(trie.pieceText(child)));
      write(child, piecesLeft - 1);
      out.push(POP);
    }
  };
  out.push(SECTION);
  if (trie.children(trie.ascii).length > 0) write(trie.ascii, trie.maxPieces);
  out.push(SECTION);
  if (trie.children(trie.other).length > 0) write(trie.other, trie.maxPieces);
  return FORMAT + String.fromCharCode(BASE + specials.length) + specials.map((s) => `${s}\n`).join('') + out.join('');
}

/** Per node, the records whose branches stop there (at their end, or where the trie is cut or open). */
function markRecords(trie: CandidateTrie, records: readonly CandidateRecord[]): Map<number, number[]> {
  if (records.length > INDEX_LIMIT) throw new Error('candidate-automaton: too many records');
  const marks = new Map<number, number[]>();
  records.forEach((record, index) => {
    for (const node of recordBranches(trie, candidatePhrases(record), record.pairs ?? [])) {
      const list = marks.get(node) ?? [];
      if (!list.includes(index)) list.push(index);
      marks.set(node, list);
    }
  });
  return marks;
}

function subtreeMarks(trie: CandidateTrie, marks: ReadonlyMap<number, readonly number[]>, node: number): number[] {
  const found = new Set<number>();
  const visit = (n: number) => {
    for (const record of marks.get(n) ?? []) found.add(record);
    for (const child of trie.children(n)) visit(child);
  };
  visit(node);
  return [...found].sort((a, b) => a - b);
}

// Canonicalize (ECMA-262, flags without `u`) by code unit, filled on demand;
// 0xFFFF stands for "not yet known" (it canonicalises to itself, and is
// computed again when asked).
let canonical: Uint16Array | undefined;

/** The code unit `/x/i` (no `u` flag) compares a code unit by. */
export function canonicalUnit(unit: number): number {
  if (unit < 0x80) return unit >= 0x61 && unit <= 0x7a ? unit - 0x20 : unit;
  canonical ??= new Uint16Array(0x10000).fill(0xffff);
  const known = canonical[unit] as number;
  if (known !== 0xffff) return known;
  let result = unit;
  if (unit < 0xd800 || unit > 0xdfff) {
    const upper = String.fromCharCode(unit).toUpperCase();
    if (upper.length === 1) {
      const code = upper.charCodeAt(0);
      if (code >= 0x80) result = code;
    }
  }
  canonical[unit] = result;
  return result;
}

/** `\s` (white space and line terminators) for one code unit. */
function isWhiteSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}

const ASCII_WORD = new Uint8Array(0x80);
for (let unit = 0; unit < 0x80; unit++) {
  if ((unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x5f)
    ASCII_WORD[unit] = 1;
}

function isAsciiWord(unit: number): boolean {
  return unit < 0x80 && ASCII_WORD[unit] === 1;
}

// Whether a code unit is in the class [COMMON_WORD_CHARS] under the `i` flag
// (Canonicalize equal to a member's): 1 no, 2 yes, 0 not yet known.
let commonCanonicals: Set<number> | undefined;
let commonByUnit: Uint8Array | undefined;

function isCommonWord(unit: number): boolean {
  commonByUnit ??= new Uint8Array(0x10000);
  const known = commonByUnit[unit] as number;
  if (known !== 0) return known === 2;
  if (commonCanonicals === undefined) {
    commonCanonicals = new Set();
    const body = COMMON_WORD_CHARS;
    const member = (i: number): [number, number] => {
      if (body.charAt(i) === '\\') return [Number.parseInt(body.slice(i + 2, i + 6), 16), i + 6];
      return [body.charCodeAt(i), i + 1];
    };
    for (let i = 0; i < body.length; ) {
      const [from, next] = member(i);
      let to = from;
      i = next;
      if (body.charAt(i) === '-' && i + 1 < body.length) [to, i] = member(i + 1);
      for (let unit = from; unit <= to; unit++) commonCanonicals.add(canonicalUnit(unit));
    }
  }
  const yes = commonCanonicals.has(canonicalUnit(unit));
  commonByUnit[unit] = yes ? 2 : 1;
  return yes;
}

/** A loaded candidate: finds the next position any branch matches at, and the records whose branches did. */
export interface CandidateAutomaton {
  /**
   * The first position from `from` on, before `end`, where the candidate regex
   * matches in `text`, or -1; `records` is cleared and given the indices of the
   * records whose branches matched there, each once, in no set order.
   */
  next(text: string, from: number, end: number, records: number[]): number;
  /** How many records the marks may name. */
  readonly recordCount: number;
}

/** Loads a string serializeCandidateAutomaton wrote. */
export function loadCandidateAutomaton(serialized: string): CandidateAutomaton {
  if (serialized.charAt(0) !== FORMAT) throw new Error('candidate-automaton: not a serialised candidate');
  const astral: string[][] = [];
  const specialKey: number[] = [];
  const specialCount = serialized.charCodeAt(1) - BASE;
  let at = 2;
  for (let k = 0; k < specialCount; k++) {
    const end = serialized.indexOf('\n', at);
    const piece = serialized.slice(at, end);
    at = end + 1;
    if (piece.startsWith('(?:')) {
      specialKey.push(KIND_ASTRAL - astral.length);
      astral.push(piece.slice(3, -1).split('|'));
    } else if (piece.length === 1) specialKey.push(canonicalUnit(piece.charCodeAt(0)));
    else throw new Error(`candidate-automaton: unknown piece ${JSON.stringify(piece)}`);
  }
  // Nodes: 0 the ASCII root, 1 the other root; then in the order written.
  const size = serialized.length + 2;
  const key = new Int32Array(size);
  const ending = new Uint8Array(size);
  const asciiPiece = new Uint8Array(size);
  const firstChild = new Int32Array(size).fill(-1);
  const nextSibling = new Int32Array(size).fill(-1);
  const markStart = new Int32Array(size);
  const markEnd = new Int32Array(size);
  const marks: number[] = [];
  let nodes = 2;
  let recordCount = 0;
  const lastChild = new Int32Array(size).fill(-1);
  const stack: number[] = [];
  let section = -1;
  let current = -1;
  let marking = -1;
  for (; at < serialized.length; at++) {
    const code = serialized.charAt(at);
    if (code === SECTION) {
      section += 1;
      current = section;
      stack.length = 0;
      continue;
    }
    if (code === POP) {
      current = stack.pop() as number;
      continue;
    }
    const endingCode = code === '<' ? GAP_END : code === '=' ? WORD_END : code === '>' ? OPEN_END : NO_END;
    if (endingCode !== NO_END) {
      ending[current] = endingCode;
      continue;
    }
    if (code === MARK) {
      at += 1;
      if (marking !== current) {
        markStart[current] = marks.length;
        marking = current;
      }
      const record = serialized.charCodeAt(at) - BASE;
      marks.push(record);
      markEnd[current] = marks.length;
      if (record >= recordCount) recordCount = record + 1;
      continue;
    }
    // A child of `current`.
    const node = nodes++;
    if (code === SPECIAL) {
      at += 1;
      const special = specialKey[serialized.charCodeAt(at) - BASE];
      if (special === undefined) throw new Error('candidate-automaton: unknown special piece');
      key[node] = special;
      asciiPiece[node] = special >= 0 && isAsciiWord(special) ? 1 : 0;
    } else if (code === GAP_CODE) key[node] = KIND_GAP;
    else if (code === GAP_AFTER_FIRST_CODE) key[node] = KIND_GAP_AFTER_FIRST;
    else if (code === APOSTROPHES_CODE) key[node] = KIND_APOSTROPHE;
    else {
      const unit = code.charCodeAt(0);
      key[node] = canonicalUnit(unit);
      asciiPiece[node] = isAsciiWord(unit) ? 1 : 0;
    }
    if (lastChild[current] === -1) firstChild[current] = node;
    else nextSibling[lastChild[current] as number] = node;
    lastChild[current] = node;
    stack.push(current);
    current = node;
  }
  // Children by parent and key: special pieces in a list per parent, character
  // pieces in an open-addressing table keyed by (parent, Canonicalize unit),
  // children with one key (pieces that differ in case only) chained in the
  // order written, found through the table (no map per parent: allocating
  // one per node was most of a cold load).
  const specialFirst = new Int32Array(nodes).fill(-1);
  const specialNext = new Int32Array(nodes).fill(-1);
  const sameNext = new Int32Array(nodes).fill(-1);
  let capacity = 16;
  while (capacity < nodes * 2) capacity *= 2;
  const mask = capacity - 1;
  const slotParent = new Int32Array(capacity).fill(-1);
  const slotKey = new Int32Array(capacity);
  const slotChild = new Int32Array(capacity);
  const slotOf = (parent: number, k: number): number => {
    let slot = (Math.imul(parent, 0x9e3779b1) ^ Math.imul(k, 0x85ebca6b)) & mask;
    while (slotParent[slot] !== -1 && (slotParent[slot] !== parent || slotKey[slot] !== k)) slot = (slot + 1) & mask;
    return slot;
  };
  for (let parent = 0; parent < nodes; parent++) {
    let lastSpecial = -1;
    for (let child = firstChild[parent] as number; child !== -1; child = nextSibling[child] as number) {
      const k = key[child] as number;
      if (k < 0) {
        if (lastSpecial === -1) specialFirst[parent] = child;
        else specialNext[lastSpecial] = child;
        lastSpecial = child;
        continue;
      }
      const slot = slotOf(parent, k);
      if (slotParent[slot] === parent) {
        let last = slotChild[slot] as number;
        while (sameNext[last] !== -1) last = sameNext[last] as number;
        sameNext[last] = child;
      } else {
        slotParent[slot] = parent;
        slotKey[slot] = k;
        slotChild[slot] = child;
      }
    }
  }

  // By Canonicalize unit: 1 if a branch of the ASCII root, 2 if one of the
  // other root, can start with it (a special piece's first units count as
  // their own Canonicalize: apostrophes and surrogates have no case).
  const starts = new Uint8Array(0x10000);
  for (const root of [0, 1] as const) {
    const flag = root === 0 ? 1 : 2;
    for (let child = firstChild[root] as number; child !== -1; child = nextSibling[child] as number) {
      const k = key[child] as number;
      if (k >= 0) {
        starts[k] = (starts[k] as number) | flag;
        continue;
      }
      const firsts =
        k === KIND_APOSTROPHE ? [0x27, 0x2019] : k <= KIND_ASTRAL ? (astral[KIND_ASTRAL - k] as string[]).map((s) => s.charCodeAt(0)) : [];
      // White space cannot start a branch: phrases are trimmed.
      for (const unit of firsts) starts[unit] = (starts[unit] as number) | flag;
    }
  }

  // Depth-first search of every branch from one position: node and text position per entry.
  let stackNodes = new Int32Array(64);
  let stackPositions = new Int32Array(64);
  const seen = new Uint8Array(recordCount);

  /** Where the special piece `pieceKey` (negative) ends when it starts at `pos`, or -1. */
  function consumeSpecial(text: string, pieceKey: number, pos: number): number {
    const length = text.length;
    if (pos >= length) return -1;
    const unit = text.charCodeAt(pos);
    if (pieceKey === KIND_GAP || pieceKey === KIND_GAP_AFTER_FIRST) {
      let p = pos;
      if (pieceKey === KIND_GAP_AFTER_FIRST && unit === 0x2c && p + 1 < length && isWhiteSpace(text.charCodeAt(p + 1))) p += 1;
      if (!isWhiteSpace(text.charCodeAt(p))) return -1;
      p += 1;
      while (p < length && isWhiteSpace(text.charCodeAt(p))) p += 1;
      return p;
    }
    if (pieceKey === KIND_APOSTROPHE) return unit === 0x27 || unit === 0x2019 ? pos + 1 : -1;
    for (const spelling of astral[KIND_ASTRAL - pieceKey] as string[]) {
      if (text.startsWith(spelling, pos)) return pos + spelling.length;
    }
    return -1;
  }

  function endingHolds(text: string, node: number, pos: number): boolean {
    const kind = ending[node] as number;
    if (kind === OPEN_END) return true;
    const length = text.length;
    if (kind === WORD_END) {
      if (pos >= length) return true;
      const next = text.charCodeAt(pos);
      return asciiPiece[node] === 1 ? !isAsciiWord(next) : !isCommonWord(next);
    }
    if (kind === GAP_END) {
      if (pos >= length) return false;
      const unit = text.charCodeAt(pos);
      return isWhiteSpace(unit) || (unit === 0x2c && pos + 1 < length && isWhiteSpace(text.charCodeAt(pos + 1)));
    }
    return false;
  }

  function push(depth: number, node: number, pos: number): void {
    if (depth >= stackNodes.length) {
      const grownNodes = new Int32Array(stackNodes.length * 2);
      grownNodes.set(stackNodes);
      stackNodes = grownNodes;
      const grownPositions = new Int32Array(stackPositions.length * 2);
      grownPositions.set(stackPositions);
      stackPositions = grownPositions;
    }
    stackNodes[depth] = node;
    stackPositions[depth] = pos;
  }

  /** The children of `node` that match at `pos` (Canonicalize unit `canon`, -1 past the end), pushed from `depth` on; the new depth. */
  function step(text: string, node: number, pos: number, canon: number, depth: number): number {
    let top = depth;
    for (let child = specialFirst[node] as number; child !== -1; child = specialNext[child] as number) {
      const after = consumeSpecial(text, key[child] as number, pos);
      if (after >= 0) push(top++, child, after);
    }
    if (canon < 0) return top;
    let slot = (Math.imul(node, 0x9e3779b1) ^ Math.imul(canon, 0x85ebca6b)) & mask;
    for (let parent = slotParent[slot] as number; parent !== -1; parent = slotParent[slot] as number) {
      if (parent === node && slotKey[slot] === canon) {
        for (let child = slotChild[slot] as number; child !== -1; child = sameNext[child] as number) push(top++, child, pos + 1);
        break;
      }
      slot = (slot + 1) & mask;
    }
    return top;
  }

  /** The root's children that match at `start`, on the stack; how many. */
  function rootStep(text: string, root: 0 | 1, start: number, canon: number): number {
    return step(text, root, start, canon, 0);
  }

  /** Every branch on the stack (`depth` entries); records of those that match go to `out`. */
  function search(text: string, initialDepth: number, out: number[]): boolean {
    let matched = false;
    let depth = initialDepth;
    const length = text.length;
    while (depth > 0) {
      depth -= 1;
      const node = stackNodes[depth] as number;
      const pos = stackPositions[depth] as number;
      if (ending[node] !== NO_END && endingHolds(text, node, pos)) {
        matched = true;
        for (let m = markStart[node] as number; m < (markEnd[node] as number); m++) {
          const record = marks[m] as number;
          if (seen[record] === 0) {
            seen[record] = 1;
            out.push(record);
          }
        }
      }
      if (firstChild[node] === -1) continue;
      depth = step(text, node, pos, pos < length ? canonicalUnit(text.charCodeAt(pos)) : -1, depth);
    }
    return matched;
  }

  return {
    recordCount,
    next(text, from, end, records) {
      records.length = 0;
      // After an ASCII word character no branch starts: `\b` fails before
      // another one (the ASCII root's first pieces are all ASCII word
      // characters), and the other root's look-behind fails after any.
      let afterWord = from > 0 && isAsciiWord(text.charCodeAt(from - 1));
      for (let pos = from; pos < end; pos++) {
        const unit = text.charCodeAt(pos);
        const word = isAsciiWord(unit);
        if (afterWord) {
          afterWord = word;
          continue;
        }
        afterWord = word;
        const canon = unit < 0x80 ? (unit >= 0x61 && unit <= 0x7a ? unit - 0x20 : unit) : canonicalUnit(unit);
        const start = starts[canon] as number;
        if (start === 0) continue;
        const before = pos > 0 ? text.charCodeAt(pos - 1) : -1;
        let matched = false;
        // `\b`, then the ASCII root's branches.
        if ((start & 1) !== 0 && isAsciiWord(unit) !== (before >= 0 && isAsciiWord(before))) {
          const depth = rootStep(text, 0, pos, canon);
          if (depth > 0 && search(text, depth, records)) matched = true;
        }
        // `(?=first pieces)(?<![common word characters])`, then the other root's branches.
        if ((start & 2) !== 0 && (before < 0 || !isCommonWord(before))) {
          const depth = rootStep(text, 1, pos, canon);
          if (depth > 0 && search(text, depth, records)) matched = true;
        }
        if (matched) {
          for (const record of records) seen[record] = 0;
          return pos;
        }
      }
      return -1;
    },
  };
}
