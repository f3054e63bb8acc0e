// The public types of `@voice/writing-rules/tools` that hosts program against.
// Owner: core library. Shapes follow CONTRACT sections 2-7.
import type { Language, ProfileId } from './catalogue/ids';

export type WritingToolName =
  | 'get_writing_rules'
  | 'compose_writing_review_prompt'
  | 'find_writing_signals'
  | 'get_model_comparison_evidence';

/** A decoded tool call as a model provider returns it. */
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

export type WritingToolResult<T = unknown> =
  | { readonly ok: true; readonly tool: string; readonly data: T }
  | {
      readonly ok: false;
      readonly tool: string;
      readonly error: { readonly code: WritingToolErrorCode; readonly message: string };
    };

/** Provider-neutral descriptor: JSON Schema 2020-12 input schema plus hints. */
export interface WritingToolDescriptor {
  readonly name: WritingToolName;
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
