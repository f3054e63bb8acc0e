// get_writing_rules: the selected rules as summaries in one language, or as
// full bilingual records with the sources they cite. Rule selection is
// described in docs/api-reference.md#selecting-rules.
import * as z from 'zod';
import { CATEGORIES, LANGUAGES } from '../catalogue/ids';
import { servedCatalogueSchemas } from '../catalogue/schema';
import { selectRules } from '../catalogue/select';
import type { Frozen } from '../dispatch/freeze';
import { fields } from './fields';
import { defineTool } from './tool';

// The result schema and its parts, built when first read (tool.ts).
function resultSchemas() {
  const { profileIdSchema, ruleIdSchema, ruleRecordSchema, sourceSchema } = servedCatalogueSchemas();
  const ruleSummarySchema = z.strictObject({
    id: ruleIdSchema,
    category: z.enum(CATEGORIES),
    title: z.string().meta({ description: 'The title in the requested language.' }),
    scope: z.array(profileIdSchema).meta({ description: 'The profiles that include the rule.' }),
  });

  const common = {
    catalogueVersion: z.string(),
    language: z.enum(LANGUAGES),
  };

  /** Summaries (no sources), or full bilingual records with the sources they cite; rules in catalogue order. */
  const getWritingRulesResultSchema = z.discriminatedUnion('detail', [
    z.strictObject({
      ...common,
      detail: z.literal('summary'),
      rules: z.array(ruleSummarySchema),
      sources: z.array(z.never()).max(0).meta({ description: 'Always empty for summaries.' }),
    }),
    z.strictObject({
      ...common,
      detail: z.literal('full'),
      rules: z.array(ruleRecordSchema),
      sources: z.array(sourceSchema).meta({ description: 'The catalogue sources the listed rules cite, sorted by id.' }),
    }),
  ]);

  return { getWritingRulesResultSchema, ruleSummarySchema };
}
type ResultSchemas = ReturnType<typeof resultSchemas>;

export type GetWritingRulesResult = Frozen<z.output<ResultSchemas['getWritingRulesResultSchema']>>;
export type RuleSummary = Frozen<z.output<ResultSchemas['ruleSummarySchema']>>;

export const getWritingRules = defineTool({
  name: 'get_writing_rules',
  title: 'Reading the writing rules',
  description:
    'Returns the writing rules of the catalogue: all rules, the rules of a profile, or the listed rule IDs, in catalogue order. ' +
    "detail 'summary' gives each rule's ID, category, title in the requested language and the profiles that include it; " +
    "detail 'full' gives the complete bilingual rule records and the public sources they cite.",
  fields: {
    language: fields.language,
    profile: fields.profile,
    ruleIds: fields.ruleIds,
    detail: fields.detail,
  },
  result: () => resultSchemas().getWritingRulesResultSchema,
  run(args, { catalogue }) {
    const selection = selectRules(catalogue, args);
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const rules = selection.ruleIds.map((id) => catalogue.ruleById.get(id)).filter((rule) => rule !== undefined);
    const { language, detail } = args;
    const { catalogueVersion } = catalogue;
    if (detail === 'summary') {
      const summaries = rules.map((rule) => ({ id: rule.id, category: rule.category, title: rule.title[language], scope: rule.scope }));
      return { ok: true, data: { catalogueVersion, language, detail, rules: summaries, sources: [] } };
    }
    const cited = new Set(rules.flatMap((rule) => rule.evidence.map((e) => e.sourceId)));
    const sources = catalogue.sources.filter((source) => cited.has(source.id));
    return { ok: true, data: { catalogueVersion, language, detail, rules, sources } };
  },
});
