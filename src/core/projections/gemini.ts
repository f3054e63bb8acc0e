// Gemini function declarations (`tools: [{ functionDeclarations }]`). The
// `parameters` field takes Gemini's Schema object, a subset of OpenAPI 3.0:
// no additionalProperties, $schema, const or uniqueItems; upper-case type
// names; string enums only. The dispatcher still enforces what is dropped.
import { projectSchema, SchemaProjectionError, type ProjectableTool, type SchemaProjectionPlan } from './schema-projection';

/** One function declaration; `parameters` is a Gemini Schema object. */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parameters: { readonly type: 'OBJECT'; readonly [field: string]: unknown };
}

/** The one Gemini `Tool` that carries every declaration. */
export interface GeminiTool {
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}

/** Keywords removed for Gemini; their rules still hold in the dispatcher. */
export const GEMINI_DROPPED_KEYWORDS = [
  '$schema',
  '$id',
  '$comment',
  'additionalProperties',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'examples',
] as const;

const GEMINI_TYPES: Readonly<Record<string, string>> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};

// The only `format` values the Gemini API accepts, by type.
const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = {
  STRING: ['enum', 'date-time'],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
};

function geminiType(type: unknown, path: string): { type: string; nullable: boolean } {
  const names = Array.isArray(type) ? type : [type];
  const nonNull = names.filter((name) => name !== 'null');
  const mapped = nonNull.length === 1 ? GEMINI_TYPES[String(nonNull[0])] : undefined;
  if (!mapped) throw new SchemaProjectionError(`Gemini projection cannot express type ${JSON.stringify(type)} at ${path}`);
  return { type: mapped, nullable: nonNull.length < names.length };
}

// Counts the Schema object declares as int64, which its JSON form writes as a
// decimal string (the `Schema` type of @google/genai says `string`).
const INT64_KEYWORDS = ['minItems', 'maxItems', 'minLength', 'maxLength', 'minProperties', 'maxProperties'];

function rewriteForGemini(node: Record<string, unknown>, path: string): Record<string, unknown> {
  const { const: constValue, type, format, ...rest } = node;
  const out: Record<string, unknown> = { ...rest };
  for (const keyword of INT64_KEYWORDS) {
    if (typeof out[keyword] === 'number') out[keyword] = String(out[keyword]);
  }
  if (type !== undefined) {
    const mapped = geminiType(type, path);
    out.type = mapped.type;
    if (mapped.nullable) out.nullable = true;
  }
  if (constValue !== undefined) out.enum = [constValue];
  if (out.enum !== undefined) {
    const values = out.enum;
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string') || out.type !== 'STRING') {
      throw new SchemaProjectionError(`Gemini accepts only string enums, at ${path}`);
    }
    out.format = 'enum';
  } else if (typeof format === 'string' && GEMINI_FORMATS[String(out.type)]?.includes(format)) {
    out.format = format;
  }
  return out;
}

/**
 * Keywords kept for Gemini: fields of the Gemini API's Schema object (the
 * `Schema` type of @google/genai; test/core/projections-sdk.test.ts checks).
 */
export const GEMINI_KEPT_KEYWORDS = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  // `const` is kept only for the rewrite, which turns it into a one-value enum.
  'const',
  'default',
  'example',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'propertyOrdering',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'anyOf',
] as const;

const geminiPlan: SchemaProjectionPlan = {
  provider: 'Gemini',
  keep: new Set(GEMINI_KEPT_KEYWORDS),
  drop: new Set(GEMINI_DROPPED_KEYWORDS),
  rewrite: rewriteForGemini,
};

/** Projects descriptors into the single Gemini tool that lists every declaration. */
export function toGeminiTools(tools: readonly ProjectableTool[]): GeminiTool[] {
  return [
    {
      functionDeclarations: tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        // The descriptors' inputSchema is always an object schema, which the rewrite names OBJECT.
        parameters: projectSchema(tool.inputSchema, geminiPlan) as GeminiFunctionDeclaration['parameters'],
      })),
    },
  ];
}
