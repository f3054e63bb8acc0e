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
import type { PhrasePair } from './phrase-pattern';

/** The phrases and pairs of one record, as the candidate reads them. */
export interface CandidateRecord {
  readonly phrases: readonly string[];
  readonly pairs?: readonly PhrasePair[];
}

// The serialised form: one string. The trie is written depth first, each node
// as the piece that leads to it, its ending and marks, its children, then POP.
// Pieces other than a single character (`\s+`, `,?\s+`, `['’]`, astral
// spellings, escaped specials written as their character) and every marker
// are private-use characters; a character piece in that range is written as
// an escape. Layout: FORMAT, then the special pieces (each ended by
// PIECE_END), then SECTION, the ASCII root's children, SECTION, the other
// root's ending, marks and children.
const FORMAT = '\uE000';
const SECTION = '\uE001';
const POP = '\uE002';
const PIECE_END = '\uE003';
/** Endings: U+E004 + ending (1 gap, 2 word, 3 open). */
const ENDING_BASE = 0xe004;
/** A record index r as U+E100 + r. */
const MARK_BASE = 0xe100;
const MARK_LIMIT = 0xe800;
/** Special piece k as U+E800 + k. */
const SPECIAL_BASE = 0xe800;
const PRIVATE_LAST = 0xf8ff;

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

function isPrivateUse(unit: number): boolean {
  return unit >= 0xe000 && unit <= PRIVATE_LAST;
}

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
    records.flatMap((r) => r.phrases),
    records.flatMap((r) => r.pairs ?? []),
  );
  const marks = markRecords(trie, records);
  const specials: string[] = [];
  const specialOf = new Map<string, number>();
  const pieceCode = (piece: string): string => {
    const char = pieceCharacter(piece);
    if (char !== undefined && !isPrivateUse(char.charCodeAt(0))) return char;
    const key = char ?? piece;
    let index = specialOf.get(key);
    if (index === undefined) {
      index = specials.length;
      if (SPECIAL_BASE + index > PRIVATE_LAST) throw new Error('candidate-automaton: too many special pieces');
      specials.push(key);
      specialOf.set(key, index);
    }
    return String.fromCharCode(SPECIAL_BASE + index);
  };
  const out: string[] = [];
  // What render() in candidate-pattern.ts writes for `node`, `piecesLeft` pieces from its cut.
  const write = (node: number, piecesLeft: number) => {
    const ending = trie.ending(node);
    const children = trie.children(node);
    if (ending === OPEN_END || (piecesLeft === 0 && children.length > 0) || (children.length === 0 && ending === NO_END)) {
      out.push(String.fromCharCode(ENDING_BASE + OPEN_END));
      for (const record of subtreeMarks(trie, marks, node)) out.push(String.fromCharCode(MARK_BASE + record));
      return;
    }
    if (ending !== NO_END) out.push(String.fromCharCode(ENDING_BASE + ending));
    for (const record of marks.get(node) ?? []) out.push(String.fromCharCode(MARK_BASE + record));
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
  return FORMAT + specials.map((s) => s + PIECE_END).join('') + out.join('');
}

/** Per node, the records whose branches stop there (at their end, or where the trie is cut or open). */
function markRecords(trie: CandidateTrie, records: readonly CandidateRecord[]): Map<number, number[]> {
  if (records.length > MARK_LIMIT - MARK_BASE) throw new Error('candidate-automaton: too many records');
  const marks = new Map<number, number[]>();
  records.forEach((record, index) => {
    for (const node of recordBranches(trie, record.phrases, record.pairs ?? [])) {
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

function isAsciiWord(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x5f;
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
  let at = 1;
  const astral: string[][] = [];
  const specialKind: number[] = [];
  const specialKey: number[] = [];
  while (serialized.charAt(at) !== SECTION) {
    const end = serialized.indexOf(PIECE_END, at);
    const piece = serialized.slice(at, end);
    at = end + 1;
    if (piece === GAP_PIECE) specialKind.push(KIND_GAP);
    else if (piece === GAP_AFTER_FIRST_PIECE) specialKind.push(KIND_GAP_AFTER_FIRST);
    else if (piece === APOSTROPHES_PIECE) specialKind.push(KIND_APOSTROPHE);
    else if (piece.startsWith('(?:')) {
      specialKind.push(KIND_ASTRAL - astral.length);
      astral.push(piece.slice(3, -1).split('|'));
    } else if (piece.length === 1) specialKind.push(canonicalUnit(piece.charCodeAt(0)));
    else throw new Error(`candidate-automaton: unknown piece ${JSON.stringify(piece)}`);
    specialKey.push(specialKind[specialKind.length - 1] as number);
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
    const unit = serialized.charCodeAt(at);
    if (unit === 0xe001) {
      section += 1;
      current = section;
      stack.length = 0;
      continue;
    }
    if (unit === 0xe002) {
      current = stack.pop() as number;
      continue;
    }
    if (unit >= ENDING_BASE && unit <= ENDING_BASE + OPEN_END) {
      ending[current] = unit - ENDING_BASE;
      continue;
    }
    if (unit >= MARK_BASE && unit < MARK_LIMIT) {
      if (marking !== current) {
        markStart[current] = marks.length;
        marking = current;
      }
      const record = unit - MARK_BASE;
      marks.push(record);
      markEnd[current] = marks.length;
      if (record >= recordCount) recordCount = record + 1;
      continue;
    }
    // A child of `current`.
    const node = nodes++;
    if (unit >= SPECIAL_BASE && unit <= PRIVATE_LAST) {
      const special = specialKey[unit - SPECIAL_BASE];
      if (special === undefined) throw new Error('candidate-automaton: unknown special piece');
      key[node] = special;
      asciiPiece[node] = special >= 0 && isAsciiWord(special) ? 1 : 0;
    } else {
      key[node] = canonicalUnit(unit);
      asciiPiece[node] = isAsciiWord(unit) ? 1 : 0;
    }
    if (lastChild[current] === -1) firstChild[current] = node;
    else nextSibling[lastChild[current] as number] = node;
    lastChild[current] = node;
    stack.push(current);
    current = node;
  }
  // The roots' children by key: char pieces by Canonicalize unit (pieces that
  // differ in case only are distinct children with one key), the others listed.
  const rootChars = [new Map<number, number[]>(), new Map<number, number[]>()] as const;
  const rootSpecials: [number[], number[]] = [[], []];
  for (const root of [0, 1] as const) {
    for (let child = firstChild[root] as number; child !== -1; child = nextSibling[child] as number) {
      const k = key[child] as number;
      if (k < 0) rootSpecials[root].push(child);
      else {
        const list = rootChars[root].get(k);
        if (list === undefined) rootChars[root].set(k, [child]);
        else list.push(child);
      }
    }
  }
  // By Canonicalize unit: 1 if a branch of the ASCII root, 2 if one of the
  // other root, can start with it (a special piece's first units count as
  // their own Canonicalize: apostrophes and surrogates have no case).
  const starts = new Uint8Array(0x10000);
  for (const root of [0, 1] as const) {
    const flag = root === 0 ? 1 : 2;
    for (const k of rootChars[root].keys()) starts[k] = (starts[k] as number) | flag;
    for (const special of rootSpecials[root]) {
      const k = key[special] as number;
      const firsts = k === KIND_APOSTROPHE ? [0x27, 0x2019] : k <= KIND_ASTRAL ? (astral[KIND_ASTRAL - k] as string[]).map((s) => s.charCodeAt(0)) : [];
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

  /** The root's children that match at `start`, on the stack; how many. */
  function rootStep(text: string, root: 0 | 1, start: number, canon: number): number {
    let depth = 0;
    const children = rootChars[root].get(canon);
    if (children !== undefined) for (const child of children) push(depth++, child, start + 1);
    for (const special of rootSpecials[root]) {
      const after = consumeSpecial(text, key[special] as number, start);
      if (after >= 0) push(depth++, special, after);
    }
    return depth;
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
      let child = firstChild[node] as number;
      if (child === -1) continue;
      const canon = pos < length ? canonicalUnit(text.charCodeAt(pos)) : -1;
      for (; child !== -1; child = nextSibling[child] as number) {
        const k = key[child] as number;
        const after = k >= 0 ? (k === canon ? pos + 1 : -1) : consumeSpecial(text, k, pos);
        if (after >= 0) push(depth++, child, after);
      }
    }
    return matched;
  }

  return {
    recordCount,
    next(text, from, end, records) {
      records.length = 0;
      for (let pos = from; pos < end; pos++) {
        const unit = text.charCodeAt(pos);
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
