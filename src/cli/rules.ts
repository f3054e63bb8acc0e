// What the reports say about a rule: its title and reviewer text in both
// languages and the sources it cites, read once from get_writing_rules.
import { createWritingToolDispatcher, type Language, type RuleRecord, type WritingRulesData } from '../core/index';

export interface RuleInfo {
  readonly id: string;
  readonly title: Readonly<Record<Language, string>>;
  /** The rule's instruction to a reviewer. */
  readonly reviewerText: Readonly<Record<Language, string>>;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
}

export async function loadRuleInfo(): Promise<ReadonlyMap<string, RuleInfo>> {
  const result = await createWritingToolDispatcher().dispatch({ name: 'get_writing_rules', arguments: { detail: 'full' } });
  if (!result.ok) throw new Error(`get_writing_rules failed: ${result.error.message}`);
  const data = result.data as WritingRulesData;
  const sources = new Map(data.sources.map((source) => [source.id, source]));
  const rules = new Map<string, RuleInfo>();
  for (const rule of data.rules as readonly RuleRecord[]) {
    rules.set(rule.id, {
      id: rule.id,
      title: rule.title,
      reviewerText: rule.prompt,
      sources: rule.evidence.flatMap(({ sourceId }) => {
        const source = sources.get(sourceId);
        return source ? [{ title: source.title, url: source.url }] : [];
      }),
    });
  }
  return rules;
}
