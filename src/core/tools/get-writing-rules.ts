// get_writing_rules: the selected rules as summaries in one language, or as
// full bilingual records with the sources they cite (CONTRACT section 3).
import { selectRules } from '../catalogue/select';
import type { RuleSummary, WritingRulesData } from '../types';
import { fields } from './fields';
import { defineTool } from './tool';

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
  run(args, { catalogue }) {
    const selection = selectRules(catalogue, args);
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const rules = selection.ruleIds.map((id) => catalogue.ruleById.get(id)).filter((rule) => rule !== undefined);
    const { language, detail } = args;
    let data: WritingRulesData;
    if (detail === 'summary') {
      const summaries = rules.map(
        (rule): RuleSummary => ({ id: rule.id, category: rule.category, title: rule.title[language], scope: rule.scope }),
      );
      data = { catalogueVersion: catalogue.catalogueVersion, language, detail, rules: summaries, sources: [] };
    } else {
      const cited = new Set(rules.flatMap((rule) => rule.evidence.map((e) => e.sourceId)));
      const sources = catalogue.sources.filter((source) => cited.has(source.id));
      data = { catalogueVersion: catalogue.catalogueVersion, language, detail, rules, sources };
    }
    return { ok: true, data };
  },
});
