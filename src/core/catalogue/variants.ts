// Generates the forms a signal record matches from what its YAML says, so
// nobody types inflections and contractions by hand: English contracted and
// full forms, German adjective endings from a lemma, and the German
// verb-second and verb-final orders of a verb and its completion. The build
// checks the forms, lists every one (`npm run signal-forms`) and writes them
// into the bundled catalogue (compile.ts), so no process runs these functions.
import type { CompiledPhrasePair } from './compiled-types';
import type { Language } from './ids';
import type { SignalRecordSource } from './files-schema';
import { orderPhrases } from '../scanner/phrase-pattern';

/**
 * English full forms and their contractions. Each row is one direction-free
 * equivalence: a phrase with either side also matches with the other. Only
 * contractions with one full form are listed ("it's" is "it is" here, never
 * "it has"; "'d" is not listed, it stands for "had" or "would").
 */
export const CONTRACTIONS: readonly (readonly [string, string])[] = [
  ['we will', "we'll"],
  ['you will', "you'll"],
  ['I will', "I'll"],
  ['it will', "it'll"],
  ['they will', "they'll"],
  ['let us', "let's"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['here is', "here's"],
  ['there is', "there's"],
  ['what is', "what's"],
  ['we are', "we're"],
  ['you are', "you're"],
  ['they are', "they're"],
  ['I am', "I'm"],
  ['I have', "I've"],
  ['we have', "we've"],
  ['you have', "you've"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['has not', "hasn't"],
  ['have not', "haven't"],
  ['will not', "won't"],
  ['cannot', "can't"],
  ['can not', "can't"],
  ['should not', "shouldn't"],
  ['would not', "wouldn't"],
  ['could not', "couldn't"],
];

const normalise = (phrase: string) => phrase.trim().replace(/\s+/g, ' ').replace(/’/g, "'");

// A character that continues a word for the contraction table: letter,
// decimal digit, `_` or an apostrophe (so "we'll" never contains "we").
// ASCII is decided directly; the Unicode-class regex, which costs V8 several
// milliseconds to compile, is built only when a phrase has another character
// next to a contraction form.
let wordOrApostrophe: RegExp | undefined;

function continuesWord(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 0x80) return /[A-Za-z0-9_']/.test(char);
  wordOrApostrophe ??= /^[\p{L}\p{Nd}_']$/u;
  return wordOrApostrophe.test(char);
}

// The code point that ends at `end` (exclusive), or undefined at the start.
function codePointBefore(text: string, end: number): string | undefined {
  if (end <= 0) return undefined;
  const low = text.charCodeAt(end - 1);
  const high = text.charCodeAt(end - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.slice(pair ? end - 2 : end - 1, end);
}

// The phrase with each code unit case-folded as a regex with the `iu` flags
// folds it where the result is one ASCII-comparable unit, so positions stay
// those of the phrase: lower case, and U+017F (long s) as "s". (U+212A, the
// Kelvin sign, lower-cases to "k" already.)
function foldForComparison(phrase: string): string {
  const lower = phrase.toLowerCase();
  const folded =
    lower.length === phrase.length ? lower : [...phrase].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
  return folded.replace(/\u017f/g, 's');
}

// Where `word` occurs in `phrase` as a whole word, case-insensitively, left to
// right without overlaps: what a global regex with word-edge lookarounds finds.
// Written out because V8 takes milliseconds to compile each case-insensitive
// Unicode regex, and the Worker generates every record's forms when its
// isolate starts.
// `lower` is the word lower-cased (the table's forms are lower-cased once).
function wordOccurrences(phrase: string, folded: string, lower: string): number[] {
  const found: number[] = [];
  for (let start = folded.indexOf(lower); start >= 0; start = folded.indexOf(lower, start + 1)) {
    const end = start + lower.length;
    if (continuesWord(codePointBefore(phrase, start)) || continuesWord(String.fromCodePoint(phrase.codePointAt(end) ?? 0x20))) continue;
    found.push(start);
    start = end - 1;
  }
  return found;
}

// Whole-word, case-insensitive replacement that keeps a capital first letter.
// `folded` is foldForComparison(phrase), computed once for every pair of forms;
// `from` is lower case.
function replaceWords(phrase: string, folded: string, from: string, to: string): string | undefined {
  const starts = wordOccurrences(phrase, folded, from);
  if (starts.length === 0) return undefined;
  let result = '';
  let copied = 0;
  for (const start of starts) {
    const first = phrase[start] as string;
    result += phrase.slice(copied, start) + (first !== first.toLowerCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to);
    copied = start + from.length;
  }
  return result + phrase.slice(copied);
}

// Any form of the table as a plain substring of a folded phrase. Most phrases
// hold none, and one test of this regex (no Unicode classes, cheap to compile)
// spares them the search form by form; the search decides the rest.
const ANY_FORM = new RegExp(
  CONTRACTIONS.flat()
    .map((form) => form.toLowerCase().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|'),
);

// The table lower-cased once, the side each search compares.
const FOLDED_CONTRACTIONS = CONTRACTIONS.map((pair) => [pair[0].toLowerCase(), pair[1].toLowerCase()] as const);

/** The phrase with every combination of contracted and full forms (English). */
export function contractionVariants(phrase: string): string[] {
  const written = normalise(phrase);
  if (!ANY_FORM.test(foldForComparison(written))) return [written];
  const seen = new Set([written]);
  const queue = [...seen];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    const folded = foldForComparison(current);
    // Indexed loops: this runs when the Worker's isolate starts, still in V8's
    // interpreter, where iterators and destructuring cost several times more.
    // A form that is not even a substring is skipped before the word search.
    for (let row = 0; row < CONTRACTIONS.length; row += 1) {
      const pair = CONTRACTIONS[row] as readonly [string, string];
      const foldedPair = FOLDED_CONTRACTIONS[row] as readonly [string, string];
      for (let side = 0; side < 2; side += 1) {
        const from = foldedPair[side] as string;
        if (!folded.includes(from)) continue;
        const next = replaceWords(current, folded, from, pair[1 - side] as string);
        if (next !== undefined && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  return [...seen];
}

const GERMAN_ENDINGS = ['e', 'em', 'en', 'er', 'es'];

/** An adjective or participle with every strong and weak ending (German) or as written (English). */
export function adjectiveForms(lemma: string, language: Language): string[] {
  const base = normalise(lemma);
  if (language === 'en') return [base];
  // "leise" takes -n, -m, -r, -s; "robust" takes -e, -en, ...
  const stem = base.endsWith('e') ? base.slice(0, -1) : base;
  return [base, ...GERMAN_ENDINGS.map((ending) => stem + ending)];
}

/** Every literal form and pair a source record compiles to, before ordering. */
export interface GeneratedPatterns {
  readonly phrases: string[];
  readonly pairs: CompiledPhrasePair[];
}

/** Words a verb-second family lets stand between verb and completion ("funktioniert der Endpunkt wie erwartet"). */
export const VERB_SECOND_GAP = 4;

/** What a record says it matches, before any form is generated: its YAML without examples and notes. */
export type SignalPatternsAsWritten = Pick<
  SignalRecordSource,
  | 'phrases'
  | 'adjectives'
  | 'attributive'
  | 'verbSecond'
  | 'pairs'
  | 'numericComparisons'
  | 'notAfter'
  | 'notAfterInClause'
  | 'notBeforeInClause'
  | 'notInGap'
>;

/** Expands a record as written into every form it matches. */
export function generatePatterns(record: SignalPatternsAsWritten, language: Language): GeneratedPatterns {
  const expand = (phrases: readonly string[]) =>
    orderPhrases(language === 'en' ? phrases.flatMap(contractionVariants) : phrases.map(normalise));
  const written = [
    ...(record.phrases ?? []),
    ...(record.adjectives ?? []).flatMap((lemma) => adjectiveForms(lemma, language)),
    ...(record.attributive ?? []).flatMap((lemma) => adjectiveForms(lemma, language).slice(1)),
    // Verb-final order: "..., weil der Endpunkt wie erwartet funktioniert".
    ...(record.verbSecond ?? []).flatMap(({ verb, rest }) => rest.flatMap((r) => verb.map((v) => `${r} ${v}`))),
  ];
  const pairs: CompiledPhrasePair[] = [
    ...(record.verbSecond ?? []).map(({ verb, rest }) => ({
      first: expand(verb),
      // biome-ignore lint/suspicious/noThenProperty: an array, never a function, so the pair is not thenable
      then: expand(rest),
      within: VERB_SECOND_GAP,
    })),
    ...(record.pairs ?? []).map((pair) => ({
      first: expand(pair.first),
      // biome-ignore lint/suspicious/noThenProperty: an array, never a function, so the pair is not thenable
      then: expand(pair.then),
      within: pair.within,
    })),
  ];
  return { phrases: expand(written), pairs };
}
