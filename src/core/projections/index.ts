// Provider tool formats: the descriptors projected into the request shape of
// OpenAI, Anthropic and Gemini. Used by the Worker's `GET /v1/tools?format=`
// and by library hosts that register the tools themselves.
import { toAnthropicTools } from './anthropic';
import { toGeminiTools } from './gemini';
import { toOpenAiTools } from './openai';
import type { ProjectableTool } from './schema-projection';
import { echo } from '../input-checks/echo';

export { ANTHROPIC_DROPPED_KEYWORDS, ANTHROPIC_KEPT_KEYWORDS, toAnthropicTools, type AnthropicTool } from './anthropic';
export { GEMINI_DROPPED_KEYWORDS, GEMINI_KEPT_KEYWORDS, toGeminiTools, type GeminiFunctionDeclaration, type GeminiTool } from './gemini';
export { OPENAI_DROPPED_KEYWORDS, OPENAI_KEPT_KEYWORDS, toOpenAiTools, type OpenAiFunctionTool } from './openai';
export { SchemaProjectionError, type ProjectableTool } from './schema-projection';

/** The provider formats `projectTools` can produce, in documentation order. */
export const SUPPORTED_TOOL_FORMATS = ['openai', 'anthropic', 'gemini'] as const;
export type ToolFormat = (typeof SUPPORTED_TOOL_FORMATS)[number];

/** Whether a string names a supported provider format. */
export function isToolFormat(value: string): value is ToolFormat {
  return (SUPPORTED_TOOL_FORMATS as readonly string[]).includes(value);
}

const projectors = {
  openai: toOpenAiTools,
  anthropic: toAnthropicTools,
  gemini: toGeminiTools,
} as const satisfies Record<ToolFormat, (tools: readonly ProjectableTool[]) => unknown[]>;

const FORMATS_MUST = `${SUPPORTED_TOOL_FORMATS.slice(0, -1)
  .map((format) => `'${format}'`)
  .join(', ')} or '${SUPPORTED_TOOL_FORMATS.at(-1)}'`;

/**
 * The value for the provider's `tools` request field: Chat Completions function
 * tools, Anthropic tool definitions, or one Gemini tool with every declaration.
 * Throws a TypeError naming the value and the supported formats for any
 * `format` but those of SUPPORTED_TOOL_FORMATS (from JavaScript, or a cast).
 */
export function projectTools(format: ToolFormat, tools: readonly ProjectableTool[]): unknown[] {
  // isToolFormat rather than `format in projectors`: 'constructor' or 'toString' must not reach Object.prototype.
  if (typeof format !== 'string' || !isToolFormat(format)) {
    throw new TypeError(`projectTools: format must be ${FORMATS_MUST} (got ${echo(format)})`);
  }
  return projectors[format](tools);
}
