// The argument fields the four tools share. Each field is one zod schema plus
// the phrase that states its bound: the JSON Schema description and every
// error message about the field are built from the same words. A field's
// schema is built when first read (a call of a tool that has the field), not
// when the module loads.
import * as z from 'zod';
import { LANGUAGES, PROFILE_IDS, RULE_IDS, SIGNAL_LEVELS } from '../catalogue/ids';
import { echo } from '../input-checks/echo';
import { onFirstRead } from '../dispatch/freeze';
import { TEXT_FORMATS } from '../markup/index';

/** A tool argument: the schema that validates it and how its bound reads. */
export interface FieldSpec<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  /** Completes "<field> must be …", e.g. "an integer from 1 to 500". */
  readonly must: string;
  /** For array fields: the message for a bad item, labelled e.g. `ruleIds[2]`. */
  readonly itemProblem?: (label: string, item: unknown) => string;
}

/** Longest text `find_writing_signals` accepts, in UTF-16 code units (`string.length`). */
export const MAX_TEXT_UNITS = 250_000;
export const MAX_SIGNALS = 500;
export const DEFAULT_MAX_SIGNALS = 50;
export const MAX_FINDINGS = 20;
export const DEFAULT_MAX_FINDINGS = 5;
export const MAX_COHORT_ID_UNITS = 200;

const quoted = (values: readonly string[]): string => {
  const items = values.map((value) => `'${value}'`);
  return items.length === 2 ? `${items[0]} or ${items[1]}` : `one of ${items.join(', ')}`;
};

/**
 * A string bounded in UTF-16 code units (`string.length`), the unit hosts and
 * offsets use; zod's own length checks count code points instead. The JSON
 * Schema keeps minLength/maxLength, which count code points.
 */
function utf16String(min: number, max: number) {
  return z
    .string()
    .check((ctx) => {
      const units = ctx.value.length;
      if (units > max) ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
      else if (units < min) ctx.issues.push({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: ctx.value });
    })
    .meta(min > 0 ? { minLength: min, maxLength: max } : { maxLength: max });
}

/** A field whose schema `make` builds, with its description, when `schema` is first read. */
function field<S extends z.ZodType>(
  make: () => S,
  must: string,
  description: string,
  itemProblem?: FieldSpec['itemProblem'],
): FieldSpec<S> {
  return Object.defineProperties({ must, ...(itemProblem ? { itemProblem } : {}) } as FieldSpec<S>, {
    schema: onFirstRead(() => make().meta({ description }) as S),
  });
}

const languageMust = quoted(LANGUAGES);
const formatMust = quoted(TEXT_FORMATS);
const profileMust = quoted(PROFILE_IDS);
const levelMust = quoted(SIGNAL_LEVELS);

export const fields = {
  language: field(
    () => z.enum(LANGUAGES).default('en'),
    languageMust,
    `Language of titles, prompt and scanner records: ${languageMust}; default 'en'.`,
  ),
  requiredLanguage: field(() => z.enum(LANGUAGES), languageMust, `Language of the evidence: ${languageMust}.`),
  profile: field(
    () => z.enum(PROFILE_IDS).optional(),
    profileMust,
    `Review profile whose rules to select: ${profileMust}. With ruleIds, every rule must belong to it.`,
  ),
  requiredProfile: field(() => z.enum(PROFILE_IDS), profileMust, `Review profile of the evidence: ${profileMust}.`),
  ruleIds: field(
    () => z.array(z.enum(RULE_IDS)).min(1).max(RULE_IDS.length).meta({ uniqueItems: true }).optional(),
    `an array of 1 to ${RULE_IDS.length} unique catalogue rule IDs`,
    `Rules to select: 1 to ${RULE_IDS.length} unique catalogue rule IDs. Results list them in catalogue order.`,
    (label, item) =>
      typeof item === 'string' ? `${label} ${echo(item)} is not a catalogue rule` : `${label} must be a rule ID string (got ${echo(item)})`,
  ),
  detail: field(
    () => z.enum(['summary', 'full']).default('summary'),
    `'summary' or 'full'`,
    `'summary' (default): ID, category, title in the language, scope. 'full': the bilingual rule records and the sources they cite.`,
  ),
  maxFindings: field(
    () => z.number().int().min(1).max(MAX_FINDINGS).default(DEFAULT_MAX_FINDINGS),
    `an integer from 1 to ${MAX_FINDINGS}`,
    `Most findings the prompt asks the reviewer for: an integer from 1 to ${MAX_FINDINGS}; default ${DEFAULT_MAX_FINDINGS}.`,
  ),
  text: field(
    () => utf16String(0, MAX_TEXT_UNITS),
    `a string of at most ${MAX_TEXT_UNITS} UTF-16 code units`,
    `The text to scan: at most ${MAX_TEXT_UNITS} UTF-16 code units (JavaScript string length; a character outside the Basic Multilingual Plane counts 2). Empty text is valid.`,
  ),
  format: field(
    // Optional rather than defaulted: a call without it must answer exactly as before, coverage included.
    () => z.enum(TEXT_FORMATS).optional(),
    formatMust,
    `How to read text: ${formatMust}; default 'text' (every character). 'markdown' (CommonMark with GitHub tables, ` +
      `strikethrough and autolinks) and 'html' scan the prose only: code, markup, URLs and front matter are skipped, ` +
      `offsets still index the text, and <!-- writing-rules-disable|enable|disable-next-line [ruleId …] --> comments ` +
      `switch rules off. With a format, coverage also reports what was skipped and suppressed.`,
  ),
  minLevel: field(
    // Optional rather than defaulted: without it, every level is scanned.
    () => z.enum(SIGNAL_LEVELS).optional(),
    levelMust,
    `Lowest signal level to scan: ${levelMust}; default every level. 'warning' leaves out the cues that are common ` +
      `and often fine ('suggestion'); their records are not run.`,
  ),
  maxSignals: field(
    () => z.number().int().min(1).max(MAX_SIGNALS).default(DEFAULT_MAX_SIGNALS),
    `an integer from 1 to ${MAX_SIGNALS}`,
    `Most signals to return: an integer from 1 to ${MAX_SIGNALS}; default ${DEFAULT_MAX_SIGNALS}. coverage.truncated says whether more existed.`,
  ),
  role: field(() => z.literal('reviewer'), `'reviewer'`, `Role of the model: 'reviewer'.`),
  cohortId: field(
    () => utf16String(1, MAX_COHORT_ID_UNITS),
    `a string of 1 to ${MAX_COHORT_ID_UNITS} UTF-16 code units`,
    `Evaluation cohort: 1 to ${MAX_COHORT_ID_UNITS} UTF-16 code units; must be one of the host's cohort IDs.`,
  ),
} as const;
