// OpenAI function tools (Chat Completions `tools` array). Keeps the keywords
// OpenAI documents for function parameters and leaves `strict` off: strict mode
// demands every property in `required`, which would turn our optional,
// defaulted fields into mandatory ones. The dispatcher validates every call.
import { projectSchema, type ProjectableTool, type SchemaProjectionPlan } from './schema-projection';

/** One entry of the Chat Completions `tools` request field. */
export interface OpenAiFunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Record<string, unknown>;
    readonly strict: false;
  };
}

/** Keywords removed for OpenAI; their rules still hold in the dispatcher. */
export const OPENAI_DROPPED_KEYWORDS = [
  '$schema',
  '$id',
  '$comment',
  'default',
  'minLength',
  'maxLength',
  'uniqueItems',
  'examples',
] as const;

/** Keywords kept for OpenAI: those its SDK's JSONSchema type names (test/core/projections-sdk.test.ts checks). */
export const OPENAI_KEPT_KEYWORDS = [
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  '$defs',
  '$ref',
] as const;

const openAiPlan: SchemaProjectionPlan = {
  provider: 'OpenAI',
  keep: new Set(OPENAI_KEPT_KEYWORDS),
  drop: new Set(OPENAI_DROPPED_KEYWORDS),
};

/** Projects descriptors into Chat Completions function tools (`strict: false`). */
export function toOpenAiTools(tools: readonly ProjectableTool[]): OpenAiFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: projectSchema(tool.inputSchema, openAiPlan),
      strict: false,
    },
  }));
}
