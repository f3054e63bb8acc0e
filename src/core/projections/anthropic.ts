// Anthropic client tools (Messages API `tools` array). `input_schema` takes
// JSON Schema as it is; only the dialect and comment keywords go, since they
// describe the document rather than the input.
import { projectSchema, type SchemaProjectionPlan } from './schema-projection';
import type { ProjectableTool } from './tool-source';

/** One entry of the Messages API `tools` request field. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: Record<string, unknown>;
}

/** Keywords removed for Anthropic: document metadata, no input rule. */
export const ANTHROPIC_DROPPED_KEYWORDS = ['$schema', '$id', '$comment'] as const;

const anthropicPlan: SchemaProjectionPlan = {
  provider: 'Anthropic',
  keep: new Set([
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
  ]),
  drop: new Set(ANTHROPIC_DROPPED_KEYWORDS),
};

/** Projects descriptors into Anthropic tool definitions. */
export function toAnthropicTools(tools: readonly ProjectableTool[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: projectSchema(tool.inputSchema, anthropicPlan),
  }));
}
