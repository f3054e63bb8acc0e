// Layered assembly of the review prompt (docs/api-reference.md#compose_writing_review_prompt): base, host,
// rules, format, guardrails last, each a segment with its provenance.
// Asked by the compose_writing_review_prompt tool.
import type { Language } from '../catalogue/ids';
import type { RuleRecord } from '../catalogue/schema';
import type { PromptProvenance, PromptSegment, ReviewContext } from '../dispatch/types';
import { de } from './de';
import { en } from './en';

// The shape every prompt language file fills (en.ts, de.ts): the reviewer's
// base text, labels of the host and rule layers, the response format and the
// guardrails. The composer reads one of them per call.

/** Guardrail IDs in the order the prompt lists them; all come last. */
export const GUARDRAIL_IDS = ['untrusted-document', 'preserve-meaning', 'no-rewriting', 'no-invented-findings'] as const;
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

const LOCALES: Readonly<Record<Language, PromptLocale>> = { en, de };

export interface PromptRequest {
  readonly language: Language;
  /** The selected rules, in catalogue order. */
  readonly rules: readonly RuleRecord[];
  readonly reviewContext: ReviewContext;
  readonly maxFindings: number;
}

export interface ComposedPrompt {
  readonly prompt: string;
  readonly segments: readonly PromptSegment[];
  readonly provenance: PromptProvenance;
}

/** The review prompt for `request`; the document under review never enters it. */
export function composeReviewPrompt(request: PromptRequest): ComposedPrompt {
  const { language, rules, reviewContext, maxFindings } = request;
  const locale = LOCALES[language];
  const segments: PromptSegment[] = [
    { id: 'base', source: 'base', text: locale.base },
    { id: 'host', source: 'host', text: locale.host(reviewContext) },
    ...rules.map(
      (rule): PromptSegment => ({
        id: `rule:${rule.id}`,
        source: 'rule',
        text: locale.rule({
          id: rule.id,
          instruction: rule.prompt[language],
          example: rule.examples[language],
        }),
      }),
    ),
    { id: 'format', source: 'format', text: locale.format(maxFindings) },
    ...GUARDRAIL_IDS.map(
      (id): PromptSegment => ({
        id: `guardrail:${id}`,
        source: 'guardrail',
        text: locale.guardrails[id],
      }),
    ),
  ];
  const sourceIds = [...new Set(rules.flatMap((rule) => rule.evidence.map((e) => e.sourceId)))].sort();
  return {
    prompt: segments.map((segment) => segment.text).join('\n\n'),
    segments,
    provenance: {
      ruleIds: rules.map((rule) => rule.id),
      exampleIds: rules.map((rule) => exampleId(rule.id, language)),
      sourceIds,
      hostFields: ['audience', 'goal'],
      guardrailIds: [...GUARDRAIL_IDS],
    },
  };
}

/** The ID of a rule's example in one language, as provenance lists it. */
export function exampleId(ruleId: string, language: Language): string {
  return `${ruleId}.examples.${language}`;
}
