// The shape of the catalogue's files as a writer edits them in `catalogue/`:
// the release index, rule and source files and the signal records. The build
// (scripts/catalogue/load.ts) validates every file against these schemas; the
// core reads the compiled result through the inferred types. Only the build
// and the tests import this module, so no process that serves the tools
// builds these schemas.
import * as z from 'zod';
import { MAX_CLAUSE_GUARD_GAP, MAX_GUARD_GAP, MAX_GUARD_WORDS, MAX_NUMERIC_GAP, MAX_PAIR_GAP } from '../scanner/phrase-pattern';
import { servedCatalogueSchemas } from './schema';

const { text, ruleRecordSchema, sourceSchema } = servedCatalogueSchemas();

/** The served rule and source schemas (schema.ts), which the build checks rule and source files against. */
export { ruleRecordSchema, sourceSchema };

/** How a rule's ID is written: its file name in catalogue/rules/, lower-case words joined by hyphens. */
export const RULE_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const ruleIdText = z.string().regex(RULE_ID_PATTERN, 'must be lower-case words joined by hyphens, as a rule file name');

/**
 * `catalogue/release.yaml`: the release name and the rules in catalogue order.
 * Profile membership is not written here but in each rule's `scope`, so it has one source.
 */
export const catalogueIndexSchema = z.strictObject({
  release: text,
  rules: z.array(ruleIdText).min(1),
});

/**
 * A rule file as the build reads it: any well-formed rule ID, which the build
 * checks against the rule files, since the rule IDs the core knows are
 * generated from those files.
 */
export const ruleFileSchema = ruleRecordSchema.extend({ id: ruleIdText, relatedRuleIds: z.array(ruleIdText).optional() });

/** The longest literal a record may list: a phrase, a lemma, a pair's part. */
export const MAX_LITERAL_UNITS = 60;

/**
 * Literal text a record matches: short, and without the characters a regex
 * would read as syntax, so every phrase means what it says and the build's
 * linear-time proof holds. The message names the phrase.
 */
const literal = text
  .max(MAX_LITERAL_UNITS, {
    error: (issue) => `must be at most ${MAX_LITERAL_UNITS} characters (got ${String(issue.input).length}: ${JSON.stringify(issue.input)})`,
  })
  .regex(/^[^\\^$*+?()[\]{}|]*$/, {
    error: (issue) => `must be literal text, without any of \\ ^ $ * + ? ( ) [ ] { } | (got ${JSON.stringify(issue.input)})`,
  });

/** A bounded pair as written: any `first` phrase, then any `then` phrase within `within` words. */
export const signalPairSourceSchema = z.strictObject({
  first: z.array(literal).min(1),
  // biome-ignore lint/suspicious/noThenProperty: an array, never a function, so the record is not thenable
  then: z.array(literal).min(1),
  within: z.number().int().min(0).max(MAX_PAIR_GAP),
});

/**
 * A numeric comparison as written (phrase-pattern.ts NumericComparison): a
 * comparison word with a number or multiplier `before` or `after` it, at
 * most `within` words (0 to MAX_NUMERIC_GAP) of the same clause between, and
 * optionally a `marker` word right next to the number ("by", "um").
 */
export const numericComparisonSourceSchema = z
  .strictObject({
    words: z.array(literal).min(1),
    /** `word`: the words name their factor themselves ("halves", "verdoppelt"), with no number, `within` 0 and no marker. */
    number: z.enum(['before', 'after', 'word']),
    within: z.number().int().min(0).max(MAX_NUMERIC_GAP),
    marker: z.array(literal).min(1).optional(),
  })
  .superRefine((comparison, context) => {
    if (comparison.number !== 'word') return;
    if (comparison.within !== 0)
      context.addIssue({
        code: 'custom',
        path: ['within'],
        message: `must be 0 when the words name their factor (number: word; got ${comparison.within})`,
      });
    if (comparison.marker !== undefined)
      context.addIssue({ code: 'custom', path: ['marker'], message: 'must be left out when the words name their factor (number: word)' });
  });

/** Guard words: single words, at most MAX_GUARD_WORDS of them. */
const guardWordsSchema = z.array(text.regex(/^\S+$/, 'must be one word, without white space')).min(1).max(MAX_GUARD_WORDS);

/** A guard list: single words, and how many words of the same clause may stand between a guard word and the match. */
function guardSchema(maxWithin: number) {
  return z.strictObject({
    words: guardWordsSchema,
    within: z.number().int().min(0).max(maxWithin),
  });
}

/** The fields a record and its suggestion block share (all but `id` and the examples' bounds). */
const signalRecordFields = {
  /** Where the phrases come from, naming the sources listed in `sources`. */
  notes: text.optional(),
  /** IDs of catalogue/sources/ entries the notes cite. */
  sources: z.array(text).optional(),
  phrases: z.array(literal).optional(),
  /** Lemmas; German ones also match the endings -e, -em, -en, -er, -es. */
  adjectives: z.array(literal).optional(),
  /** German lemmas matched only with an ending (before a noun), never bare: "robuste", not "robust". */
  attributive: z.array(literal).optional(),
  /**
   * German only: a finite verb and what completes it. Matches "verb rest"
   * (also with up to four words between, as in verb-second order after a
   * fronted phrase) and "rest verb" (verb-final order in a clause).
   */
  verbSecond: z.array(z.strictObject({ verb: z.array(literal).min(1), rest: z.array(literal).min(1) })).optional(),
  pairs: z.array(signalPairSourceSchema).optional(),
  /** Comparison words with a number or multiplier near them and no source ("40 % faster", "senkt … um 30 %"). */
  numericComparisons: z.array(numericComparisonSourceSchema).optional(),
  /**
   * Guard words ("nicht", "not"): a match is not reported when one of them
   * stands before it with at most `within` words of the same clause between.
   */
  notAfter: guardSchema(MAX_GUARD_GAP).optional(),
  /**
   * Guard words that govern their whole clause (hedges, reasons, intent:
   * "möglicherweise", "daher", "versucht"): a match is not reported when one
   * of them stands before it with at most `within` words (0 to 6) of the same
   * clause between; a comma may follow the guard word.
   */
  notAfterInClause: guardSchema(MAX_CLAUSE_GUARD_GAP).optional(),
  /**
   * Guard words that back or limit a cue from after it ("enough", "than",
   * "deprecated"): a match is not reported when one of them stands after it
   * with at most `within` words (0 to 6) of the same clause between.
   */
  notBeforeInClause: guardSchema(MAX_CLAUSE_GUARD_GAP).optional(),
  /**
   * Words that may not stand in the gap of a pair or a verb-second family
   * ("nicht", "never"): a negation there turns the cue into its opposite
   * ("wurde nicht erfolgreich getestet"). Words of the phrases themselves are
   * not in the gap, so the pair "nicht nur … sondern" still matches.
   */
  notInGap: z.strictObject({ words: guardWordsSchema }).optional(),
};

const matchExample = z.strictObject({ text, quotes: z.array(text).min(1) });

/**
 * The forms of a record that are common and often fine, reported at the
 * `suggestion` level: the same fields as a record but `id`. A guard kind the
 * block does not give is the parent record's; its examples are optional and
 * checked like the parent's. The build compiles it into its own record,
 * `<parent id>.suggestion`.
 */
export const signalSuggestionSourceSchema = z.strictObject({
  ...signalRecordFields,
  matches: z.array(matchExample).min(1).optional(),
  nonMatches: z.array(text).min(1).optional(),
});

/**
 * One scanner record as written in `catalogue/signals/<rule-id>.yaml` under `en`
 * or `de` (docs/catalogue.md explains each kind): literal phrases (a space
 * matches any run of white space, an apostrophe matches ' or ’), adjectives
 * given by lemma, German verb-second families and bounded pairs, with example
 * sentences that must and must not match. English phrases and pair parts also
 * match their contracted or full forms ("we'll" and "we will").
 */
export const signalRecordSourceSchema = z
  .strictObject({
    id: text,
    ...signalRecordFields,
    matches: z.array(matchExample).optional(),
    nonMatches: z.array(text).optional(),
    /** Forms reported at the `suggestion` level; the record's own forms are reported as `warning`. */
    suggestion: signalSuggestionSourceSchema.optional(),
  })
  .superRefine((record, context) => {
    // A record with forms of its own shows at least two matches and two non-matches;
    // one whose forms are all suggestions keeps its examples in its suggestion block.
    const own = [record.phrases, record.adjectives, record.attributive, record.verbSecond, record.pairs, record.numericComparisons].some(
      (list) => (list?.length ?? 0) > 0,
    );
    for (const key of ['matches', 'nonMatches'] as const) {
      const count = record[key]?.length ?? 0;
      if (own && count < 2)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `must list at least 2 examples for the record's own forms (got ${count})`,
        });
      if (!own && count > 0)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'must be empty: the record lists no forms of its own (its examples go in its suggestion block)',
        });
    }
    if (!own && !record.suggestion)
      context.addIssue({
        code: 'custom',
        path: ['phrases'],
        message: 'the record lists no forms, neither its own nor in a suggestion block',
      });
  });

export const signalFileSchema = z.strictObject({
  en: signalRecordSourceSchema,
  de: signalRecordSourceSchema,
});

export type SignalRecordSource = z.infer<typeof signalRecordSourceSchema>;
export type SignalSuggestionSource = z.infer<typeof signalSuggestionSourceSchema>;
