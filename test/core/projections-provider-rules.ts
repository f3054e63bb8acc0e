// Independent checkers of each provider's documented tool schema rules, written
// from the providers' references rather than from src/core/projections, so a
// projection that emits a keyword outside the subset fails the tests.

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Visits every subschema with its JSON pointer. */
function walk(node: Node, path: string, visit: (node: Node, path: string) => void): void {
  visit(node, path);
  for (const [keyword, value] of Object.entries(node)) {
    if (['properties', '$defs', 'patternProperties'].includes(keyword) && isNode(value)) {
      for (const [name, child] of Object.entries(value)) if (isNode(child)) walk(child, `${path}/${keyword}/${name}`, visit);
    } else if (['items', 'not', 'additionalProperties', 'contains'].includes(keyword) && isNode(value)) {
      walk(value, `${path}/${keyword}`, visit);
    } else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(keyword) && Array.isArray(value)) {
      value.forEach((child, index) => isNode(child) && walk(child, `${path}/${keyword}/${index}`, visit));
    }
  }
}

function checkRequiredListsProperties(node: Node, path: string, problems: string[]): void {
  if (node.required === undefined) return;
  const names = isNode(node.properties) ? Object.keys(node.properties) : [];
  if (!Array.isArray(node.required)) problems.push(`${path}: required is not an array`);
  else for (const name of node.required) if (!names.includes(name)) problems.push(`${path}: required "${name}" has no property`);
}

// OpenAI function calling: parameters are JSON Schema; the documented keyword
// set is the Structured Outputs list (types, properties/required/
// additionalProperties, enum/const, anyOf, $defs/$ref, string pattern/format,
// number multipleOf/minimum/maximum/exclusive*, array minItems/maxItems).
const OPENAI_KEYWORDS = new Set([
  'type', 'description', 'title', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const',
  'anyOf', '$defs', '$ref', 'pattern', 'format', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'minItems', 'maxItems',
]);
const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** Problems of one Chat Completions function tool; empty when valid. */
export function openAiToolProblems(tool: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(tool) || tool.type !== 'function' || !isNode(tool.function)) return ['not a {type:"function", function} entry'];
  const fn = tool.function;
  if (typeof fn.name !== 'string' || !PROVIDER_TOOL_NAME.test(fn.name)) problems.push(`bad name ${String(fn.name)}`);
  if (typeof fn.description !== 'string' || fn.description === '') problems.push('missing description');
  if (typeof fn.strict !== 'boolean') problems.push('strict is not a boolean');
  const parameters = fn.parameters;
  if (!isNode(parameters) || parameters.type !== 'object') return [...problems, 'parameters root is not type object'];
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'not', 'enum']) {
    if (keyword in parameters) problems.push(`root uses ${keyword}`);
  }
  walk(parameters, '', (node, path) => {
    for (const keyword of Object.keys(node)) if (!OPENAI_KEYWORDS.has(keyword)) problems.push(`${path || '/'}: ${keyword}`);
    checkRequiredListsProperties(node, path || '/', problems);
  });
  return problems;
}

// Anthropic: input_schema is a JSON Schema object of type "object"; we hold it
// to the 2020-12 validation, applicator and annotation keywords, local $ref
// only, and no dialect/identity keywords.
const ANTHROPIC_KEYWORDS = new Set([
  'type', 'description', 'title', 'default', 'examples', 'properties', 'required', 'additionalProperties',
  'minProperties', 'maxProperties', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'enum', 'const',
  'anyOf', 'oneOf', 'allOf', 'not', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', '$defs', '$ref',
]);

/** Problems of one Anthropic tool definition; empty when valid. */
export function anthropicToolProblems(tool: unknown): string[] {
  const problems: string[] = [];
  if (!isNode(tool)) return ['not an object'];
  if (typeof tool.name !== 'string' || !PROVIDER_TOOL_NAME.test(tool.name)) problems.push(`bad name ${String(tool.name)}`);
  if (typeof tool.description !== 'string' || tool.description === '') problems.push('missing description');
  const extra = Object.keys(tool).filter((key) => !['name', 'description', 'input_schema'].includes(key));
  if (extra.length > 0) problems.push(`unknown fields ${extra.join(', ')}`);
  const schema = tool.input_schema;
  if (!isNode(schema) || schema.type !== 'object') return [...problems, 'input_schema root is not type object'];
  walk(schema, '', (node, path) => {
    for (const keyword of Object.keys(node)) if (!ANTHROPIC_KEYWORDS.has(keyword)) problems.push(`${path || '/'}: ${keyword}`);
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) problems.push(`${path}: remote $ref`);
    checkRequiredListsProperties(node, path || '/', problems);
  });
  return problems;
}

// Gemini: FunctionDeclaration.parameters is the API's Schema object (OpenAPI
// 3.0 subset): the fields below, upper-case Type names, string-only enums,
// `format` limited per type, parameter names of letters, digits and `_`.
const GEMINI_KEYWORDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering',
  'default', 'items', 'minimum', 'maximum',
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']);
const GEMINI_FORMATS: Record<string, string[]> = {
  STRING: ['enum', 'date-time'],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
};
const GEMINI_FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;
const GEMINI_PARAMETER_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

/** Problems of a Gemini `tools` array of function-declaration tools; empty when valid. */
export function geminiToolsProblems(tools: unknown): string[] {
  if (!Array.isArray(tools)) return ['tools is not an array'];
  const problems: string[] = [];
  for (const tool of tools) {
    if (!isNode(tool) || !Array.isArray(tool.functionDeclarations)) {
      problems.push('tool without functionDeclarations');
      continue;
    }
    for (const declaration of tool.functionDeclarations as unknown[]) {
      if (!isNode(declaration)) {
        problems.push('declaration is not an object');
        continue;
      }
      const name = String(declaration.name);
      if (!GEMINI_FUNCTION_NAME.test(name)) problems.push(`bad function name ${name}`);
      const parameters = declaration.parameters;
      if (!isNode(parameters) || parameters.type !== 'OBJECT') {
        problems.push(`${name}: parameters root is not type OBJECT`);
        continue;
      }
      walk(parameters, '', (node, path) => {
        const at = `${name}${path || '/'}`;
        for (const keyword of Object.keys(node)) if (!GEMINI_KEYWORDS.has(keyword)) problems.push(`${at}: ${keyword}`);
        if (node.type !== undefined && !GEMINI_TYPES.has(String(node.type))) problems.push(`${at}: type ${String(node.type)}`);
        if (node.enum !== undefined) {
          if (node.type !== 'STRING') problems.push(`${at}: enum on type ${String(node.type)}`);
          if (!Array.isArray(node.enum) || !node.enum.every((value) => typeof value === 'string')) {
            problems.push(`${at}: enum values are not all strings`);
          }
        }
        if (node.format !== undefined && !(GEMINI_FORMATS[String(node.type)] ?? []).includes(String(node.format))) {
          problems.push(`${at}: format ${String(node.format)} on ${String(node.type)}`);
        }
        if (isNode(node.properties)) {
          for (const key of Object.keys(node.properties)) if (!GEMINI_PARAMETER_NAME.test(key)) problems.push(`${at}: name ${key}`);
        }
        checkRequiredListsProperties(node, at, problems);
      });
    }
  }
  return problems;
}
