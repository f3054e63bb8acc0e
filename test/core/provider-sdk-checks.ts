// Runtime checks of projected provider tools against what the providers' SDKs
// allow: the keywords each projection keeps (whose subset relation to the SDK
// types projections-sdk.test.ts proves with tsc), the JSON Schema 2020-12
// keywords (strict Ajv) and, for Gemini, the SDK's own `Type` values and its
// int64 fields written as strings. Empty arrays mean the tool passes.
import { Type, type Schema } from '@google/genai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  ANTHROPIC_KEPT_KEYWORDS,
  GEMINI_KEPT_KEYWORDS,
  OPENAI_KEPT_KEYWORDS,
  type AnthropicTool,
  type GeminiTool,
  type OpenAiFunctionTool,
} from '../../src/core/projections';

export type JsonSchemaNode = Record<string, unknown>;

/** Every subschema of `schema`, with its JSON pointer (for messages). */
export function subschemas(schema: JsonSchemaNode, path = ''): [string, JsonSchemaNode][] {
  const isNode = (value: unknown): value is JsonSchemaNode => typeof value === 'object' && value !== null && !Array.isArray(value);
  const found: [string, JsonSchemaNode][] = [[path || '/', schema]];
  for (const [keyword, value] of Object.entries(schema)) {
    if (['properties', '$defs'].includes(keyword) && isNode(value)) {
      for (const [name, child] of Object.entries(value)) if (isNode(child)) found.push(...subschemas(child, `${path}/${keyword}/${name}`));
    } else if (['items', 'not', 'additionalProperties'].includes(keyword) && isNode(value)) {
      found.push(...subschemas(value, `${path}/${keyword}`));
    } else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(keyword) && Array.isArray(value)) {
      value.forEach((child, index) => {
        if (isNode(child)) found.push(...subschemas(child, `${path}/${keyword}/${index}`));
      });
    }
  }
  return found;
}

/** Keywords used anywhere in `schema` that are not in `allowed`, as `pointer: keyword`. */
export function keywordsOutside(schema: JsonSchemaNode, allowed: readonly string[]): string[] {
  return subschemas(schema).flatMap(([path, node]) =>
    Object.keys(node)
      .filter((keyword) => !allowed.includes(keyword))
      .map((keyword) => `${path}: ${keyword}`),
  );
}

// Strict Ajv refuses any keyword that is not JSON Schema 2020-12, so a schema it
// compiles uses the standard's keywords only (the dialect both Anthropic's and
// OpenAI's SDK types point to for tool input).
const strict2020 = new Ajv2020({ strict: true, validateFormats: false });

// The tool-name rule the OpenAI and Anthropic references state; the SDK types say only `string`.
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The SDK's Schema with the `Type` enum read as its string values, which is what JSON carries. */
export type SchemaAsJson = {
  [K in keyof Schema]: K extends 'type'
    ? `${Type}`
    : K extends 'items'
      ? SchemaAsJson
      : K extends 'anyOf'
        ? SchemaAsJson[]
        : K extends 'properties'
          ? Record<string, SchemaAsJson>
          : Schema[K];
};

/** Why strict Ajv 2020-12 will not compile `schema`, or nothing. */
function not2020(schema: JsonSchemaNode): string[] {
  try {
    strict2020.compile(schema);
    return [];
  } catch (error) {
    return [`not strict JSON Schema 2020-12: ${(error as Error).message}`];
  }
}

export function openAiProblems(tool: OpenAiFunctionTool): string[] {
  const { name, parameters } = tool.function;
  return [
    ...(TOOL_NAME.test(name) ? [] : [`bad name ${name}`]),
    ...(parameters.type === 'object' ? [] : ['parameters root is not type object']),
    ...keywordsOutside(parameters, OPENAI_KEPT_KEYWORDS),
    ...not2020(parameters),
  ];
}

export function anthropicProblems(tool: AnthropicTool): string[] {
  return [
    ...(TOOL_NAME.test(tool.name) ? [] : [`bad name ${tool.name}`]),
    ...(tool.input_schema.type === 'object' ? [] : ['input_schema root is not type object']),
    ...keywordsOutside(tool.input_schema, ANTHROPIC_KEPT_KEYWORDS),
    ...not2020(tool.input_schema),
  ];
}

const INT64_FIELDS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'] as const;
const GEMINI_FIELDS = GEMINI_KEPT_KEYWORDS.filter((keyword) => keyword !== 'const');
const GEMINI_TYPES: readonly string[] = Object.values(Type).filter((name) => name !== Type.TYPE_UNSPECIFIED);

export function geminiProblems(tools: readonly GeminiTool[]): string[] {
  return tools.flatMap((tool) =>
    tool.functionDeclarations.flatMap((declaration) => {
      const problems = keywordsOutside(declaration.parameters, GEMINI_FIELDS).map((problem) => `${declaration.name}${problem}`);
      if (declaration.parameters.type !== Type.OBJECT) problems.push(`${declaration.name}: parameters root is not OBJECT`);
      for (const [path, node] of subschemas(declaration.parameters)) {
        const at = `${declaration.name}${path}`;
        const schema = node as SchemaAsJson;
        if (schema.type !== undefined && !GEMINI_TYPES.includes(schema.type)) problems.push(`${at}: type ${schema.type}`);
        for (const field of INT64_FIELDS) {
          if (field in schema && !(typeof schema[field] === 'string' && /^\d+$/.test(schema[field])))
            problems.push(`${at}: ${field} is not an int64 string`);
        }
        if (schema.enum !== undefined && !schema.enum.every((value) => typeof value === 'string')) {
          problems.push(`${at}: enum values are not all strings`);
        }
      }
      return problems;
    }),
  );
}
