// The public types of `@voice/writing-rules/tools` that hosts program against.
// Owner: core library. Shapes follow CONTRACT sections 2-7.
import type { DirectiveProblem } from './markup/directives';
import type { NotScannedUnits, TextFormat } from './markup/index';
import type { Language, ProfileId, RuleId } from './catalogue/ids';
import type { CatalogueSource, RuleRecord } from './catalogue/schema';
import type { WritingSignal } from './scanner/types';

export type WritingToolName =
  | 'get_writing_rules'
  | 'compose_writing_review_prompt'
  | 'find_writing_signals'
  | 'get_model_comparison_evidence';

/**
 * A decoded tool call as a model provider returns it. A call without
 * `arguments` is read as a call with `{}`.
 */
export interface WritingToolCall {
  readonly name: string;
  readonly arguments?: unknown;
}

export type WritingToolErrorCode =
  | 'unknown-tool'
  | 'invalid-arguments'
  | 'context-missing'
  | 'host-evidence-failed'
  | 'invalid-host-evidence';

export interface WritingToolError {
  readonly code: WritingToolErrorCode;
  /** For people: names the field and the bound; never a host callback's own text. */
  readonly message: string;
}

/** The envelope `dispatch` always returns: deeply frozen, JSON-serialisable. */
export type WritingToolResult<T = unknown> =
  | { readonly ok: true; readonly tool: string; readonly data: T }
  | { readonly ok: false; readonly tool: string; readonly error: WritingToolError };

/** Provider-neutral descriptor: JSON Schema 2020-12 input schema plus hints. */
export interface WritingToolDescriptor {
  readonly name: WritingToolName;
  /** One plain line, at most 60 UTF-16 units, read by a person. */
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly annotations: {
    readonly readOnlyHint: true;
    readonly destructiveHint: false;
    readonly idempotentHint: true;
    readonly openWorldHint: false;
  };
}

/** The audience and goal of every review prompt; fixed by the host. */
export interface ReviewContext {
  readonly audience: string;
  readonly goal: string;
}

export interface ModelComparisonQuery {
  readonly language: Language;
  readonly profile: ProfileId;
  readonly role: 'reviewer';
  readonly cohortId: string;
}

export interface ModelComparisonContext {
  readonly availableModelIds: readonly string[];
  readonly cohortIds: readonly string[];
}

/** A report the evidence rests on; `location` is data and is never fetched. */
export interface ModelComparisonSource {
  readonly id: string;
  readonly location: string;
  /** 64 hex digits. */
  readonly sha256: string;
}

/** One model chosen for a purpose, with the measurements behind the choice. */
export interface ModelComparisonSelection {
  readonly modelId: string;
  readonly sourceIds: readonly string[];
  readonly independentJudgments: true;
  readonly sample: {
    readonly plannedReviews: number;
    readonly judgedReviews: number;
    readonly acceptedCompleteReviews: number;
  };
  readonly quality: {
    readonly detectedProblems: number | null;
    readonly expectedProblems: number | null;
    readonly falseChanges: number | null;
  };
  /** All attempts, failed and retried ones included; null when unknown. */
  readonly totalCostUsd: number | null;
  readonly limitations: readonly string[];
}

export interface ModelComparisonEvidence {
  readonly status: 'available' | 'evidence-missing';
  readonly query: ModelComparisonQuery;
  readonly bestValue: ModelComparisonSelection | null;
  readonly highestDetection: ModelComparisonSelection | null;
  readonly sources: readonly ModelComparisonSource[];
  readonly explanation: string;
  readonly limitations: readonly string[];
}

/** Reads retained evidence; must not start inference or write state. */
export type ModelComparisonEvidenceReader = (
  query: ModelComparisonQuery,
  context: ModelComparisonContext,
) => Promise<ModelComparisonEvidence> | ModelComparisonEvidence;

/**
 * What the host fixes when it creates a dispatcher. A tool call can never
 * supply or replace any of it.
 */
export interface WritingToolHost {
  /** Audience and goal: plain text (line breaks allowed), 1..4000 UTF-16 units each. */
  readonly reviewContext?: ReviewContext;
  /** Model and cohort IDs: unique, non-empty; cohort IDs at most 200 units. */
  readonly modelComparisonContext?: ModelComparisonContext;
  readonly getModelComparisonEvidence?: ModelComparisonEvidenceReader;
}

export interface WritingToolDispatcher {
  /** Never throws; always resolves to a deeply frozen envelope. */
  dispatch(call: unknown): Promise<WritingToolResult>;
}

/** A rule in `get_writing_rules` summaries: title in the requested language. */
export interface RuleSummary {
  readonly id: RuleId;
  readonly category: RuleRecord['category'];
  readonly title: string;
  readonly scope: readonly ProfileId[];
}

export interface WritingRulesData {
  readonly catalogueVersion: string;
  readonly language: Language;
  readonly detail: 'summary' | 'full';
  /** Summaries or full bilingual records, in catalogue order. */
  readonly rules: readonly (RuleSummary | RuleRecord)[];
  /** Empty for summaries; the sources the rules cite for full detail. */
  readonly sources: readonly CatalogueSource[];
}

export type PromptSegmentSource = 'base' | 'host' | 'rule' | 'format' | 'guardrail';

export interface PromptSegment {
  readonly id: string;
  readonly source: PromptSegmentSource;
  readonly text: string;
}

export interface PromptProvenance {
  readonly ruleIds: readonly RuleId[];
  readonly exampleIds: readonly string[];
  /** The catalogue sources the selected rules cite, sorted; never part of the prompt text. */
  readonly sourceIds: readonly string[];
  readonly hostFields: readonly ['audience', 'goal'];
  readonly guardrailIds: readonly string[];
}

export interface ReviewPromptData {
  readonly catalogueVersion: string;
  readonly ruleIds: readonly RuleId[];
  readonly language: Language;
  /** The segments' texts joined with a blank line. */
  readonly prompt: string;
  readonly segments: readonly PromptSegment[];
  readonly provenance: PromptProvenance;
}

export interface SignalCoverage {
  readonly language: Language;
  readonly scannedRuleIds: readonly RuleId[];
  readonly unscannedRuleIds: readonly RuleId[];
  readonly semanticReviewRequired: true;
  readonly maxSignals: number;
  /** True when more than `maxSignals` signals existed. */
  readonly truncated: boolean;
  // The four fields below are present only when the call names a `format`, so a call without one answers as before.
  /** How the text was read: 'text' (all of it), 'markdown' or 'html' (the prose only). */
  readonly format?: TextFormat;
  /** UTF-16 units of the text not scanned, by reason; all zero for 'text'. */
  readonly notScannedUnits?: NotScannedUnits;
  /** Signals that ignore directives switched off (Markdown and HTML). */
  readonly suppressedSignals?: number;
  /** Directives that named an unknown rule or directive, with the line of their comment. */
  readonly directiveProblems?: readonly DirectiveProblem[];
}

export interface WritingSignalsData {
  readonly catalogueVersion: string;
  readonly signals: readonly WritingSignal[];
  readonly coverage: SignalCoverage;
}
