// Proves with recheck that a compiled signal record runs in linear time on any
// input, so a 250,000-unit text cannot stall the scanner. The build runs it on
// every record; test/build checks it on sources that must fail.
//
// recheck's automaton checker cannot analyse look-behind or look-ahead, and on a
// whole record (dozens of phrases) it times out. So it analyses a smaller form,
// and this is why the smaller form decides the question:
// 1. The whole-word edges `(?<!W)` and `(?!W)` each inspect one code point next
//    to the current position and are never backtracked into: O(1) per attempt.
// 2. The alternatives sit in one unrepeated group without captures or
//    back-references, so an attempt at a position tries them one after another;
//    the work over all positions is the sum of each alternative searched alone.
//    A record is linear when each of its alternatives is.
// 3. Inside an alternative, the only choice points are the `\s+` between words.
//    Every other atom is a literal (a character, an escaped character or a class
//    of characters) with one way to match, and none matches white space. How
//    much backtracking a `\s+` can cause depends only on what surrounds it: the
//    next literal rejects every character the loop gives back. Replacing each
//    maximal run of literals with the letter `x` (which also rejects white
//    space) keeps exactly that, and scales the work by at most the length of
//    the longest word. recheck's verdict on that skeleton is the verdict on the
//    alternative.
// A source outside this shape (another compiler, a group, a quantifier other
// than `\s+`) is analysed as a whole without the edges, by recheck directly.
//
// Bounded pairs (`A`, then `B` within N words) compile to
// `(?:a1|a2…)(?:\s+W){0,N}?\s+(?:b1|b2…)`, W a run of characters that are
// neither white space nor `.!?`. recheckPair proves them part by part:
// 4. Each phrase of either part is a literal phrase, proven as in 3. Such a
//    phrase matches at a given position in at most one way (each `\s+` in it
//    must take the whole white-space run, since a non-space literal follows),
//    so for backtracking it acts as one literal atom whose cost is its length.
// 5. The parts are unrepeated groups of such phrases: as in 2, the work is at
//    most the sum over every pair (a, b) of `a GAP b` alone.
// 6. So `x(?:\s+W){0,N}?\s+x`, with the pair's own N, decides the question;
//    recheck proves it for every N up to MAX_PAIR_GAP (one check per N).
// Each position where A matches can make the gap read at most N words ahead,
// so every text unit is read by at most N + 1 attempts: linear for a fixed N.
//
// A guard (`notAfter`) compiles to `(?=\S)(?<!(?<!W)(?:g1|g2…)(?:\s+C){0,K}\s+)`
// right after the leading edge, C a word of the clause, K the guard's `within`
// (0 to MAX_GUARD_GAP; with 0 the group is left out).
// recheckGuard proves it:
// 7. Look-arounds are atomic: the guard is decided once per attempt and the
//    alternatives never backtrack into it, so it adds its own cost to each
//    attempt and changes nothing else (1 to 6 still hold for what follows).
// 8. A look-behind is matched backwards from the attempt's position, which is
//    a forward match of the reversed pattern on the reversed text. `(?=\S)`
//    makes the character at the position non-white, so the reversed guard is
//    `\S\s+(?:C\s+){0,K}x`, each guard word (a single literal word, checked)
//    again reduced to `x`. recheck proves that skeleton linear as a search from
//    every position, a superset of the attempts. Without `(?=\S)` it is
//    `\s+(?:C\s+){0,K}x`, which recheck finds quadratic: every position in a
//    long run of white space would read the run back.
// A clause guard (`notAfterInClause`) is the same look-behind with K up to
// MAX_CLAUSE_GUARD_GAP and an optional comma after the guard word:
// `(?=\S)(?<!(?<!W)(?:g1|g2…),?(?:\s+C){0,K}\s+)`. 7 and 8 hold unchanged,
// with the reversed skeleton `\S\s+(?:C\s+){0,K},?x`; C never holds a comma,
// so the comma adds no second way to match. Both guards of a record sit
// side by side before the alternatives, each atomic, so their costs add.
// 9. Cost per attempt: the look-behind reads back at most K + 1 words and
//    their white space. An attempt starts only where a word could begin, so a
//    text unit is read by the attempts of at most the K + 1 words after it:
//    linear for a fixed K (the worst-case test and the adversarial bench
//    attack every guard with runs of guard words, long words and long white
//    space).
// A forward guard (`notBeforeInClause`) compiles to a negative look-ahead
// right after the trailing edge: `(?!(?:\s+C){0,K}\s+(?:g1|g2…)(?!W))`.
// recheckForwardGuard proves it:
// 10. It is atomic like the look-behinds (7). It runs once per match the
//     alternatives produce at a position, and the alternatives may backtrack
//     to a shorter match at the same position when it rejects one, so it runs
//     at most as often as the alternatives end a match: the alternatives'
//     own work (1 to 6) already bounds that count.
// 11. It starts right after a match, whose last character is not white
//     space (phrases are trimmed), so it reads forward
//     `\S(?:\s+C){0,K}\s+x` from that character, each guard word again a
//     single literal word reduced to `x`; recheck proves that skeleton linear
//     as a search from every position, a superset of the runs. Without the
//     `\S` it is `(?:\s+C){0,K}\s+x`, which recheck finds quadratic: a search
//     from every position in a long run of white space would read the run on,
//     which no run of the guard does.
// 12. Cost per run: at most K + 1 words and their white space ahead. A run
//     starts where a match ends, at the end of a word, so a text unit is read
//     only by runs from the K + 1 word ends before it; each word end closes
//     matches of a bounded number of attempts (a match spans at most the
//     record's longest phrase or pair, a fixed number of words, and an attempt
//     tries each alternative once): linear for a fixed record and K (the
//     worst-case test and the adversarial bench attack it with long runs of
//     words, long words and long white space after a cue).
// A gap guard (`notInGap`) changes only the gap words of the record's pairs:
// each becomes `(?!O(?:g1|g2…)(?!W))W`, W the gap word, O a run of opening
// marks (GAP_WORD_OPENING: neither white space, nor a word character, nor
// `.!?;:`). recheckPair proves it:
// 13. The look-ahead is atomic (7) and adds no way to match: it only refuses
//     a gap word. Removing it leaves exactly the unguarded pair, which 4 to 6
//     prove; with it the matcher explores a subset of those paths.
// 14. Each run of it starts where a gap word starts, right after white space,
//     and reads O, then a guard word (each one literal word, checked), then
//     one code point: never past the gap word, which holds no white space.
//     recheck proves its skeleton `\sO x` linear as a search from every
//     position, a superset of the runs (without the leading `\s` a search
//     from every position of a long run of marks would read the run on).
// 15. Cost: each gap word is read by its look-ahead once per attempt that
//     reaches it, as the gap word itself is, so the look-ahead at most doubles
//     the gap's cost: linear for a fixed record (the worst-case test and the
//     adversarial bench attack it with runs of guard words, near-guard words
//     such as "nichtx" and "xnicht", and long runs of marks in gaps).
// A numeric comparison (`numericComparisons`) is one more alternative.
// With the number after its word it compiles to
// `(?:w1|w2…)(?:\s+C){0,N}?\s+NUM`, with a marker `…\s+(?:m1|m2…)\s+NUM`,
// NUM a number or multiplier word (phrase-pattern.ts numberSource);
// numericVerdict proves it:
// 16. Each word and marker is a literal phrase, proven as in 3 and acting as
//     one literal atom (4); the parts are unrepeated groups of them (5). So
//     the skeleton with each of them as `x` and the multiplier words of NUM
//     as `x`, `x(?:\s+C){0,N}?\s+(x\s+)NUM'`, decides the question, and
//     recheck proves it for the comparison's own N; C and the digits of NUM
//     overlap, which recheck's automaton takes into account. Each gap word
//     is C after a look-ahead that refuses a stop word ("or", "und"): as in
//     13 to 15 it is atomic, adds no way to match and reads one fixed short
//     word and one code point, so the skeleton without it decides.
// With the number before its word it compiles to
// `(?=\S)(?<=(?<!W)NUM(?!W)\s+(?:m1|m2…)(?:\s+C){0,N}\s+)(?:w1|w2…)`, the marker only
// with one:
// 17. The look-behind is atomic (7), and read backwards (8) from the first
//     character of the word, which `(?=\S)` makes non-white, it is
//     `\S\s+(?:C\s+){0,N}(x\s+)NUM reversed` (the marker's `x\s+` only with a
//     marker), the edges left out (1);
//     recheck proves that skeleton linear as a search from every position.
// A comparison whose words name their factor (`number: word`) compiles to
// its words alone, literal phrases as in 3.
// 18. Cost per attempt: at most N + 2 words back (or ahead) and their white
//     space; attempts start where a word starts, so a text unit is read by at
//     most N + 2 of them: linear for a fixed N (the worst-case test attacks
//     it with runs of numbers, comparison words and white space).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { checkSync } from 'recheck';
import type { CompiledPhrasePair } from '../../src/core/catalogue/compiled-types';
import {
  CLAUSE_WORD,
  compileRecordSource,
  GAP_WORD_OPENING,
  gapSource,
  type NumericComparison,
  numberSkeleton,
  phraseToSource,
  reversedNumberSkeleton,
  type GuardWords,
  type RecordPatterns,
  recordGuards,
  WORD_CHAR,
} from '../../src/core/scanner/phrase-pattern';

/** Why one alternative (or the whole source) is not proven linear. */
export interface LinearTimeFailure {
  /** Index of the alternative in the source, or null when the whole source was analysed. */
  readonly alternative: number | null;
  readonly reason: string;
}

const PREFIX = `(?<!${WORD_CHAR})(?:`;
const SUFFIX = `)(?!${WORD_CHAR})`;
const GAP = String.raw`\s+`;
const SYNTAX_CHARS = '^$\\.*+?()[]{}|/';
const WHITE_SPACE = /\s/u;

type Token = 'literal' | 'gap' | 'bar';

/** The tokens of an edge-less core, or null when it holds any other construct. */
function tokenize(core: string): Token[] | null {
  const tokens: Token[] = [];
  const chars = [...core];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && chars[i + 1] === 's' && chars[i + 2] === '+') {
      tokens.push('gap');
      i += 2;
    } else if (c === '\\') {
      const escaped = chars[i + 1];
      if (escaped === undefined || !SYNTAX_CHARS.includes(escaped)) return null;
      tokens.push('literal');
      i += 1;
    } else if (c === '[') {
      const end = chars.indexOf(']', i + 1);
      if (end < 0) return null;
      const members = chars.slice(i + 1, end);
      if (members.length === 0) return null;
      if (members.some((m) => m === '\\' || m === '^' || m === '-' || m === '[' || WHITE_SPACE.test(m))) return null;
      tokens.push('literal');
      i = end;
    } else if (c === '|') {
      tokens.push('bar');
    } else if (SYNTAX_CHARS.includes(c) || WHITE_SPACE.test(c)) {
      return null;
    } else {
      tokens.push('literal');
    }
  }
  return tokens;
}

/** One skeleton per alternative: each run of literals becomes `x`, each `\s+` stays. */
function skeletons(tokens: readonly Token[]): string[] {
  const result: string[] = [''];
  for (const [i, token] of tokens.entries()) {
    if (token === 'bar') result.push('');
    else if (token === 'gap') result[result.length - 1] += GAP;
    else if (tokens[i - 1] !== 'literal') result[result.length - 1] += 'x';
  }
  return result;
}

// recheck's verdict depends only on its version, the flags and the source, so
// verdicts are kept on disk between builds (a pair skeleton takes seconds).
const require = createRequire(import.meta.url);
const RECHECK_VERSION: string = require('recheck/package.json').version;
const CACHE_FILE = join(process.cwd(), 'node_modules', '.cache', 'writing-rules-recheck', `${RECHECK_VERSION}.json`);

function readCache(): Map<string, string | null> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Record<string, string | null>));
  } catch {
    return new Map();
  }
}

const verdicts = readCache();

function saveCache(): void {
  try {
    mkdirSync(dirname(CACHE_FILE), { recursive: true });
    writeFileSync(CACHE_FILE, JSON.stringify(Object.fromEntries(verdicts)));
  } catch {
    // A read-only tree only loses the speed-up.
  }
}

/** null when recheck proves `source` safe, else what it said. */
function recheckVerdict(source: string, flags: string, timeout = 10_000): string | null {
  const key = `${flags}/${source}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const result = checkSync(source, flags, { checker: 'automaton', timeout });
  const verdict =
    result.status === 'safe'
      ? null
      : result.status === 'vulnerable'
        ? `recheck: vulnerable, ${result.complexity.type} time`
        : `recheck: could not decide (${result.error.kind}${'message' in result.error ? `: ${result.error.message}` : ''})`;
  verdicts.set(key, verdict);
  // Only definite answers are kept: a timeout may pass on a less busy machine.
  if (result.status !== 'unknown') saveCache();
  return verdict;
}

/**
 * Every part of a compiled record that recheck does not prove linear-time;
 * empty when the whole record is proven.
 */
export function linearTimeFailures(source: string, flags: string): LinearTimeFailure[] {
  const hasEdges = source.startsWith(PREFIX) && source.endsWith(SUFFIX);
  const core = hasEdges ? source.slice(PREFIX.length, -SUFFIX.length) : source;
  const tokens = tokenize(core);
  if (tokens === null) {
    const reason = recheckVerdict(hasEdges ? `(?:${core})` : source, flags);
    return reason === null ? [] : [{ alternative: null, reason }];
  }
  const failures: LinearTimeFailure[] = [];
  skeletons(tokens).forEach((skeleton, alternative) => {
    const reason = skeleton === '' ? 'empty alternative' : recheckVerdict(skeleton, flags);
    if (reason !== null) failures.push({ alternative, reason });
  });
  return failures;
}

/** Why one phrase or pair of a record is not proven linear-time. */
export interface RecordLinearTimeFailure {
  /** `phrases[i]` or `pairs[i]` of the compiled record. */
  readonly part: string;
  readonly reason: string;
}

/** null when the pair's skeleton (see 4 to 6 above) is proven linear. */
function pairVerdict(pair: CompiledPhrasePair, flags: string): string | null {
  for (const phrase of [...pair.first, ...pair.then]) {
    const [failure] = linearTimeFailures(`(?<!${WORD_CHAR})(?:${phraseToSource(phrase)})(?!${WORD_CHAR})`, flags);
    if (failure) return `"${phrase}": ${failure.reason}`;
  }
  // The unrolled bounded loop makes a large automaton: about 8 s for N = 8 on
  // one core, checked once per N and build.
  return recheckVerdict(`x${gapSource(pair.within)}x`, flags, 90_000);
}

/** null when a numeric comparison's words and markers are literal phrases and its skeleton (see 16 to 18 above) is proven linear. */
function numericVerdict(comparison: NumericComparison, flags: string): string | null {
  for (const phrase of [...comparison.words, ...(comparison.marker ?? [])]) {
    const [failure] = linearTimeFailures(`(?<!${WORD_CHAR})(?:${phraseToSource(phrase)})(?!${WORD_CHAR})`, flags);
    if (failure) return `"${phrase}": ${failure.reason}`;
  }
  // Words that name their factor compile to literal phrases alone (3).
  if (comparison.number === 'word') return null;
  const { within } = comparison;
  const marker = comparison.marker === undefined ? '' : String.raw`x\s+`;
  const skeleton =
    comparison.number === 'after'
      ? String.raw`x${within === 0 ? '' : String.raw`(?:\s+${CLAUSE_WORD}){0,${within}}?`}\s+${marker}${numberSkeleton()}`
      : String.raw`\S\s+${within === 0 ? '' : String.raw`(?:${CLAUSE_WORD}\s+){0,${within}}`}${marker}${reversedNumberSkeleton()}`;
  // The bounded loop next to a number makes a large automaton: over a minute for N = 4 on one core, checked once per shape.
  return recheckVerdict(skeleton, flags, 180_000);
}

/** The first guard word that is not one literal word, as a reason, or null. */
function notOneWord(words: readonly string[]): string | null {
  for (const word of words) {
    const tokens = tokenize(phraseToSource(word));
    if (tokens === null || tokens.some((t) => t !== 'literal')) return `"${word}": must be one literal word`;
  }
  return null;
}

/** null when every guard word is one literal word and the reversed guard (see 7 to 9 above) is proven linear. */
function guardVerdict({ words, within }: GuardWords, comma: boolean, flags: string): string | null {
  const between = within === 0 ? '' : String.raw`(?:${CLAUSE_WORD}\s+){0,${within}}`;
  return notOneWord(words) ?? recheckVerdict(String.raw`\S\s+${between}${comma ? ',?' : ''}x`, flags, 90_000);
}

/** null when every gap guard word is one literal word and the gap guard's skeleton (see 13 to 15 above) is proven linear. */
function gapGuardVerdict(words: readonly string[], flags: string): string | null {
  return notOneWord(words) ?? recheckVerdict(String.raw`\s${GAP_WORD_OPENING}x`, flags, 90_000);
}

/** null when every guard word is one literal word and the forward guard's skeleton (see 10 to 12 above) is proven linear. */
function forwardGuardVerdict({ words, within }: GuardWords, flags: string): string | null {
  const between = within === 0 ? '' : String.raw`(?:\s+${CLAUSE_WORD}){0,${within}}`;
  return notOneWord(words) ?? recheckVerdict(String.raw`\S${between}\s+x`, flags, 90_000);
}

/**
 * Every literal phrase, pair and guard of a compiled record that is not proven
 * linear-time; empty when the whole record is. `source` must be what the
 * patterns compile to, so the proof is about the regex the scanner runs.
 */
export function recordLinearTimeFailures(
  patterns: RecordPatterns & { readonly pairs: readonly CompiledPhrasePair[] },
  source: string,
  flags: string,
): RecordLinearTimeFailure[] {
  if (compileRecordSource(patterns) !== source) {
    return [{ part: 'source', reason: 'is not what the phrases, pairs and guard compile to' }];
  }
  const failures: RecordLinearTimeFailure[] = [];
  const literal = compileRecordSource({ phrases: patterns.phrases });
  if (patterns.phrases.length > 0) {
    for (const failure of linearTimeFailures(literal, flags)) {
      failures.push({ part: failure.alternative === null ? 'phrases' : `phrases[${failure.alternative}]`, reason: failure.reason });
    }
  }
  patterns.pairs.forEach((pair, i) => {
    const reason = pairVerdict(pair, flags);
    if (reason !== null) failures.push({ part: `pairs[${i}]`, reason });
  });
  (patterns.numericComparisons ?? []).forEach((comparison, i) => {
    const reason = numericVerdict(comparison, flags);
    if (reason !== null) failures.push({ part: `numericComparisons[${i}]`, reason });
  });
  const gapGuardReason = patterns.notInGap ? gapGuardVerdict(patterns.notInGap.words, flags) : null;
  if (gapGuardReason !== null) failures.push({ part: 'notInGap', reason: gapGuardReason });
  for (const { guard, comma, side, field } of recordGuards(patterns)) {
    const reason = side === 'after' ? forwardGuardVerdict(guard, flags) : guardVerdict(guard, comma, flags);
    if (reason !== null) failures.push({ part: field, reason });
  }
  return failures;
}
