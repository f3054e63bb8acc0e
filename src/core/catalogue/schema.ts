// The shape of the served catalogue: the rule and source records the build
// checks catalogue/ against (files-schema.ts, with the signal files) and
// `get_writing_rules` returns. The schemas are built when first asked for:
// the build, and the tool's result schema when the tools are listed; a
// process that only dispatches never builds them.
import * as z from 'zod';
import { CATEGORIES, EVIDENCE_RELATIONS, PROFILE_IDS, RULE_IDS, SEVERITIES } from './ids';
import { type Frozen, onFirstCall } from '../dispatch/freeze';

export const SOURCE_KINDS = ['style-guide', 'plain-language-guidance', 'provider-guidance', 'research'] as const;

/** The schemas of the served records, built on the first call; every call returns the same ones. */
export const servedCatalogueSchemas = onFirstCall(() => {
  const text = z.string().trim().min(1, 'must not be empty');

  /** A text field present, non-empty, in both languages. */
  const bilingualTextSchema = z.strictObject({ en: text, de: text });

  const ruleIdSchema = z.enum(RULE_IDS);
  const profileIdSchema = z.enum(PROFILE_IDS);

  const exampleSchema = z.strictObject({
    before: text,
    after: text,
    keep: text,
    condition: text,
  });

  /** A rule record exactly as `get_writing_rules` with `detail: "full"` returns it. */
  const ruleRecordSchema = z.strictObject({
    id: ruleIdSchema,
    category: z.enum(CATEGORIES),
    severity: z.enum(SEVERITIES),
    scope: z.array(profileIdSchema),
    title: bilingualTextSchema,
    antiPattern: z.strictObject({
      name: bilingualTextSchema,
      symptom: bilingualTextSchema,
      readerCost: bilingualTextSchema,
    }),
    prompt: bilingualTextSchema,
    examples: z.strictObject({ en: exampleSchema, de: exampleSchema }),
    falsePositives: z.array(text).min(1),
    trigger: text,
    cues: z.array(text).min(1),
    evidence: z.array(z.strictObject({ sourceId: text, relation: z.enum(EVIDENCE_RELATIONS) })).min(1),
    relatedRuleIds: z.array(ruleIdSchema).optional(),
  });

  /** A public source a rule cites. `url` must be https. */
  const sourceSchema = z.strictObject({
    id: text,
    kind: z.enum(SOURCE_KINDS),
    title: text,
    url: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
    accessedAt: z.iso.date(),
    locator: text,
    supports: text,
    limits: text,
  });

  return { text, bilingualTextSchema, ruleIdSchema, profileIdSchema, ruleRecordSchema, sourceSchema };
});

type Served = ReturnType<typeof servedCatalogueSchemas>;

/**
 * A rule record as the catalogue holds it and `get_writing_rules` returns it:
 * readonly all the way down, like every result, so a result's records are
 * assignable to it.
 */
export type RuleRecord = Frozen<z.infer<Served['ruleRecordSchema']>>;
/** A cited source as the catalogue holds it and `get_writing_rules` returns it; readonly like RuleRecord. */
export type CatalogueSource = Frozen<z.infer<Served['sourceSchema']>>;
