// Anthropic client tools (Messages API `tools` array). `input_schema` takes
// JSON Schema as it is; only the dialect and comment keywords go, since they
// describe the document rather than the input.
import { projectSchema, type ProjectableTool, type SchemaProjectionPlan } from './schema-projection';

/** One entry of the Messages API `tools` request field. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: { readonly type: 'object'; readonly [keyword: string]: unknown };
}

/** Keywords removed for Anthropic: document metadata, no input rule. */
export const ANTHROPIC_DROPPED_KEYWORDS = ['$schema', '$id', '$comment'] as const;

/** Keywords kept for Anthropic: JSON Schema 2020-12 validation and annotation keywords, local references. */
export const ANTHROPIC_KEPT_KEYWORDS = [
  'type',
  'description',
  'title',
  'default',
  'examples',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  '$defs',
  '$ref',
] as const;

const anthropicPlan: SchemaProjectionPlan = {
  provider: 'Anthropic',
  keep: new Set(ANTHROPIC_KEPT_KEYWORDS),
  drop: new Set(ANTHROPIC_DROPPED_KEYWORDS),
};

/** Projects descriptors into Anthropic tool definitions. */
export function toAnthropicTools(tools: readonly ProjectableTool[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // The descriptors' inputSchema is always an object schema.
    input_schema: projectSchema(tool.inputSchema, anthropicPlan) as AnthropicTool['input_schema'],
  }));
}
