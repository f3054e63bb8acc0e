// The public types of `@voice/writing-rules/tools` that hosts program against.
// Result shapes are inferred from the zod schemas in tools/ and evidence/
// (the same schemas the descriptors' outputSchema is generated from); what is
// written out here is the call, the envelope, the descriptor and the host.
import type { ModelComparisonEvidence, ModelComparisonQuery } from '../evidence/schema';
import type { WritingToolArgumentsByName, WritingToolResultsByName } from '../tools/index';

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

/** Provider-neutral descriptor: JSON Schema 2020-12 input and output schemas plus hints. */
export interface WritingToolDescriptor {
  readonly name: WritingToolName;
  /** One plain line, at most 60 UTF-16 units, read by a person. */
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** The schema of the success envelope's `data`; always `type: "object"`. */
  readonly outputSchema: Readonly<Record<string, unknown>>;
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

/** The model and cohort IDs the host allows; evidence may name no others. */
export interface ModelComparisonContext {
  readonly availableModelIds: readonly string[];
  readonly cohortIds: readonly string[];
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

/** A call of one named tool, with arguments as that tool takes them. */
export interface NamedWritingToolCall<N extends WritingToolName> {
  readonly name: N;
  readonly arguments?: WritingToolArgumentsByName[N];
}

export interface WritingToolDispatcher {
  /**
   * Never throws; always resolves to a deeply frozen envelope. A call whose
   * name is a literal tool name gets that tool's result type as `data`.
   */
  dispatch<N extends WritingToolName>(call: NamedWritingToolCall<N>): Promise<WritingToolResult<WritingToolResultsByName[N]>>;
  /**
   * Any other value, e.g. a call a model returned, or arguments that do not
   * fit the named tool's type: `data` is unknown until checked.
   */
  dispatch(call: unknown): Promise<WritingToolResult>;
}

export type { ModelComparisonEvidence, ModelComparisonQuery, ModelComparisonSelection, ModelComparisonSource } from '../evidence/schema';
export type { GetWritingRulesResult, RuleSummary } from '../tools/get-writing-rules';
export type {
  ComposeWritingReviewPromptResult,
  PromptProvenance,
  PromptSegment,
  PromptSegmentSource,
} from '../tools/compose-writing-review-prompt';
export type { FindWritingSignalsResult, SignalCoverage } from '../tools/find-writing-signals';
export type { GetModelComparisonEvidenceResult } from '../tools/get-model-comparison-evidence';
export type { WritingToolArgumentsByName, WritingToolResultsByName } from '../tools/index';
