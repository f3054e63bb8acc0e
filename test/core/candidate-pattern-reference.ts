// The candidate sources as first written: every phrase and pair inserted
// whole into a trie of Maps, the trie rendered at every cut from the deepest
// down until one fits. candidate-pattern.ts builds the same sources with less
// work (a process builds them before its first scan); the test beside this
// file holds the two to the same output.
import { COMMON_WORD_CHARS, OPTIMISED_SOURCE_LIMIT } from '../../src/core/scanner/candidate-pattern';
import { foldUnicodeOnly } from '../../src/core/scanner/case-fold';
import { GAP_WORD, type PhrasePair, type RecordPatterns } from '../../src/core/scanner/phrase-pattern';

// As in candidate-pattern.ts.
const MOST_PIECES = 16;
const THEN_PREFIX = 4;
const THEN_REACH_PIECES = 8;

const NOT_AFTER_WORD = `(?<![${COMMON_WORD_CHARS}])`;
const NOT_BEFORE_WORD = `(?![${COMMON_WORD_CHARS}])`;
const APOSTROPHES = "['\u2019]";
const SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

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

function astral(char: string): string {
  const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((v) => [...v].length === 1);
  return `(?:${variants.join('|')})`;
}

type Ending = 'gap' | 'word' | 'open';
const STRENGTH: Record<Ending, number> = { gap: 0, word: 1, open: 2 };

interface Trie {
  readonly next: Map<string, Trie>;
  ending: Ending | null;
  readonly piece: string;
}

function node(piece: string): Trie {
  return { next: new Map(), ending: null, piece };
}

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

function render(trie: Trie, piecesLeft: number): string {
  if (trie.ending === 'open' || (piecesLeft === 0 && trie.next.size > 0)) return '';
  const branches = [...trie.next.values()].map((next) => next.piece + render(next, piecesLeft - 1));
  if (trie.ending !== null) branches.push(endingSource(trie));
  return branches.length === 1 ? (branches[0] as string) : `(?:${branches.join('|')})`;
}

interface Shape {
  readonly mostPieces: number;
  readonly thenPrefixes: boolean;
}

function startTries(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape) {
  const tries = { ascii: node(''), other: node('') };
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

function candidateSource({ ascii, other }: { ascii: Trie; other: Trie }, maxPieces: number): string {
  const starts: string[] = [];
  if (ascii.next.size > 0) starts.push(String.raw`\b${render(ascii, maxPieces)}`);
  if (other.next.size > 0) starts.push(`(?=${[...other.next.keys()].join('|')})${NOT_AFTER_WORD}${render(other, maxPieces)}`);
  return starts.join('|');
}

function fittingSource(phrases: readonly string[], pairs: readonly PhrasePair[], shape: Shape): string {
  const tries = startTries(phrases, pairs, shape);
  let source = candidateSource(tries, shape.mostPieces);
  for (let pieces = Math.min(shape.mostPieces - 1, MOST_PIECES); source.length > OPTIMISED_SOURCE_LIMIT && pieces > 0; pieces--) {
    source = candidateSource(tries, pieces);
  }
  return source;
}

/** The source compileCandidatePattern must return. */
export function referenceCandidateSource(phrases: readonly string[], pairs: readonly PhrasePair[] = []): string {
  return fittingSource(phrases, pairs, { mostPieces: MOST_PIECES, thenPrefixes: true });
}

/** The source compileRecordHeadPattern must return. */
export function referenceRecordHeadSource(patterns: RecordPatterns): string {
  // A numeric comparison's match begins at one of its words: they are the record's phrases here.
  const phrases = [...patterns.phrases, ...(patterns.numericComparisons ?? []).flatMap((comparison) => comparison.words)];
  const head = { mostPieces: Number.POSITIVE_INFINITY, thenPrefixes: false };
  // A pair with no empty second part checks the start of a second part after its gap.
  const reaches = (pair: PhrasePair) => pair.then.length > 0 && pair.then.every((then) => then.trim() !== '');
  const pairs = patterns.pairs ?? [];
  const others = pairs.filter((pair) => !reaches(pair));
  const rest = fittingSource(phrases, others, head);
  const reaching = pairs
    .filter(reaches)
    .map(
      (pair) =>
        `(?:${fittingSource(pair.first, [], head)}),?${pair.within === 0 ? '' : `(?:\\s+${GAP_WORD}){0,${pair.within}}`}\\s+(?:${fittingSource(pair.then, [], { mostPieces: THEN_REACH_PIECES, thenPrefixes: false })})`,
    );
  if (reaching.length === 0) return rest;
  if (rest === '') return phrases.length + others.length > 0 ? '' : reaching.join('|');
  return [rest, ...reaching].join('|');
}
