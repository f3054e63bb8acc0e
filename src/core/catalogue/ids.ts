// The fixed identifiers hosts address: rule IDs in catalogue order, profiles,
// languages and the rules the static scanner covers. The catalogue data in
// `catalogue/` must agree with these; the build refuses it otherwise.

/** Rule IDs in catalogue order. */
export const RULE_IDS = [
  'reader-goal',
  'current-state',
  'process-history',
  'meta-framing',
  'concrete-subject',
  'invented-labels',
  'unsupported-contrast',
  'calibrated-uncertainty',
  'unsupported-causality',
  'claims-evidence',
  'repetition',
  'format-fit',
  'complete-sentences',
  'word-choice',
  'task-relevance',
  'reported-evidence',
  'unearned-praise',
  'false-balance',
  'exhaustive-checklist',
  'forced-template',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Review profiles; membership is each rule's `scope`, and the build derives the lists. */
export const PROFILE_IDS = ['public-docs', 'technical-reference', 'product-copy', 'agent-report'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** Languages every text field, prompt and scanner record exists in. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The eight rules with one English and one German regex record each. */
export const SCANNABLE_RULE_IDS = [
  'meta-framing',
  'concrete-subject',
  'unsupported-contrast',
  'calibrated-uncertainty',
  'unsupported-causality',
  'claims-evidence',
  'word-choice',
  'reported-evidence',
] as const satisfies readonly RuleId[];

export const CATEGORIES = ['structure', 'claims', 'wording', 'meta'] as const;
export const SEVERITIES = ['info', 'warning'] as const;
export const EVIDENCE_RELATIONS = [
  'normative-guidance',
  'prompt-strategy',
  'editorial-derivation',
  'research-context',
] as const;
