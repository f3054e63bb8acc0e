// Generates the forms a signal record matches from what its YAML says, so
// nobody types inflections and contractions by hand: English contracted and
// full forms, German adjective endings from a lemma, and the German
// verb-second and verb-final orders of a verb and its completion. The
// compiled catalogue lists every generated form.
import type { CompiledPhrasePair } from '../../src/core/catalogue/compiled-types';
import type { Language } from '../../src/core/catalogue/ids';
import type { SignalRecordSource } from '../../src/core/catalogue/schema';
import { orderPhrases } from '../../src/core/scanner/phrase-pattern';

/**
 * English full forms and their contractions. Each row is one direction-free
 * equivalence: a phrase with either side also matches with the other. Only
 * contractions with one full form are listed ("it's" is "it is" here, never
 * "it has"; "'d" is not listed, it stands for "had" or "would").
 */
const CONTRACTIONS: readonly (readonly [string, string])[] = [
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

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// Whole-word, case-insensitive replacement that keeps a capital first letter.
function replaceWords(phrase: string, from: string, to: string): string | undefined {
  const pattern = new RegExp(`(?<![\\p{L}\\p{Nd}_'])${escapeRegex(from)}(?![\\p{L}\\p{Nd}_'])`, 'giu');
  if (!pattern.test(phrase)) return undefined;
  return phrase.replace(pattern, (found) =>
    found[0] !== found[0]?.toLowerCase() ? to.charAt(0).toUpperCase() + to.slice(1) : to,
  );
}

/** The phrase with every combination of contracted and full forms (English). */
export function contractionVariants(phrase: string): string[] {
  const seen = new Set([normalise(phrase)]);
  const queue = [...seen];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    for (const [full, short] of CONTRACTIONS) {
      for (const [from, to] of [
        [full, short],
        [short, full],
      ] as const) {
        const next = replaceWords(current, from, to);
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

/** Expands a record as written into every form it matches. */
export function generatePatterns(record: SignalRecordSource, language: Language): GeneratedPatterns {
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
