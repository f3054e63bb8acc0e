// The identifiers hosts address: rule IDs in catalogue order, profiles,
// languages and the rules the static scanner covers. The rule IDs come from
// the catalogue's files (`npm run build` writes rule-ids.generated.ts from
// catalogue/release.yaml and the file names); the rest is fixed here.
import { RULE_IDS, SCANNABLE_RULE_IDS } from './rule-ids.generated';

/** Rule IDs in catalogue order, and the rules with one English and one German regex record each. */
export { RULE_IDS, SCANNABLE_RULE_IDS };
export type RuleId = (typeof RULE_IDS)[number];

/** Review profiles; membership is each rule's `scope`, and the build derives the lists. */
export const PROFILE_IDS = ['public-docs', 'technical-reference', 'product-copy', 'agent-report'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** Languages every text field, prompt and scanner record exists in. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * How sure a signal is, most certain first: a `warning` is a cue a reviewer of
 * the rule would want to look at nearly every time, a `suggestion` one that is
 * common and often fine. Each scanner record has one level.
 */
export const SIGNAL_LEVELS = ['warning', 'suggestion'] as const;
export type SignalLevel = (typeof SIGNAL_LEVELS)[number];

/** Whether a signal at `level` is reported when signals from `minLevel` up are asked for. */
export function meetsLevel(level: SignalLevel, minLevel: SignalLevel): boolean {
  return SIGNAL_LEVELS.indexOf(level) <= SIGNAL_LEVELS.indexOf(minLevel);
}

export const CATEGORIES = ['structure', 'claims', 'wording', 'meta'] as const;
export const SEVERITIES = ['info', 'warning'] as const;
export const EVIDENCE_RELATIONS = ['normative-guidance', 'prompt-strategy', 'editorial-derivation', 'research-context'] as const;
