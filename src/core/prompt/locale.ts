// The shape every prompt language file fills (en.ts, de.ts): the reviewer's
// base text, labels of the host and rule layers, the response format and the
// guardrails. The composer reads one of them per call.

/** Guardrail IDs in the order the prompt lists them; all come last. */
export const GUARDRAIL_IDS = [
  'untrusted-document',
  'preserve-meaning',
  'no-rewriting',
  'no-invented-findings',
] as const;
export type GuardrailId = (typeof GUARDRAIL_IDS)[number];

export interface RuleLayerText {
  readonly id: string;
  readonly instruction: string;
  readonly example: { readonly before: string; readonly after: string; readonly keep: string; readonly condition: string };
}

export interface PromptLocale {
  readonly base: string;
  readonly host: (context: { readonly audience: string; readonly goal: string }) => string;
  readonly rule: (rule: RuleLayerText) => string;
  readonly format: (maxFindings: number) => string;
  readonly guardrails: Readonly<Record<GuardrailId, string>>;
}
