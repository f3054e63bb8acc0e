import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  GEMINI_DROPPED_KEYWORDS,
  SUPPORTED_TOOL_FORMATS,
  SchemaProjectionError,
  isToolFormat,
  projectTools,
  toAnthropicTools,
  toGeminiTools,
  toOpenAiTools,
  type ProjectableTool,
  type ToolFormat,
} from '../../src/core/projections';
import { anthropicProblems, geminiProblems, openAiProblems } from './provider-sdk-checks';

// Tools shaped like the real descriptors: zod schemas turned into JSON Schema
// 2020-12 the way the core does it, with every construct the tools use.
const selection = {
  language: z.enum(['en', 'de']).default('en').describe('Language of titles and prompts; default "en".'),
  ruleIds: z
    .array(z.enum(['reader-goal', 'word-choice']))
    .min(1)
    .max(2)
    .meta({ uniqueItems: true })
    .optional()
    .describe('1 to 2 unique rule IDs.'),
};
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
const fixtureTools: readonly ProjectableTool[] = deepFreeze([
  {
    name: 'find_writing_signals',
    description: 'Finds surface cues in a text.',
    inputSchema: z.toJSONSchema(
      z.strictObject({
        ...selection,
        text: z.string().max(250_000).describe('At most 250,000 UTF-16 code units.'),
        maxSignals: z.number().int().min(1).max(500).default(50),
      }),
      { io: 'input' },
    ),
  },
  {
    name: 'get_model_comparison_evidence',
    description: 'Reads evidence the host retained.',
    inputSchema: z.toJSONSchema(
      z.strictObject({
        language: z.enum(['en', 'de']),
        role: z.literal('reviewer'),
        cohortId: z.string().min(1).max(200),
      }),
      { io: 'input' },
    ),
  },
]);

describe('OpenAI projection', () => {
  const tools = toOpenAiTools(fixtureTools);

  it('gives Chat Completions function tools that keep the keywords of the OpenAI SDK’s JSONSchema type only', () => {
    for (const tool of tools) expect(openAiProblems(tool)).toEqual([]);
    expect(tools.map((tool) => tool.function.name)).toEqual(fixtureTools.map((tool) => tool.name));
  });

  it('leaves strict mode off and keeps optional fields optional', () => {
    expect(tools[0]!.function.strict).toBe(false);
    expect(tools[0]!.function.parameters.required).toEqual(['text']);
    expect(tools[0]!.function.parameters.additionalProperties).toBe(false);
  });

  it('drops bounds OpenAI does not document and keeps the ones it does', () => {
    const properties = tools[0]!.function.parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.text).not.toHaveProperty('maxLength');
    expect(properties.ruleIds).not.toHaveProperty('uniqueItems');
    expect(properties.ruleIds).toMatchObject({ minItems: 1, maxItems: 2 });
    expect(properties.maxSignals).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
  });
});

describe('Anthropic projection', () => {
  const tools = toAnthropicTools(fixtureTools);

  it('gives {name, description, input_schema} with a JSON Schema 2020-12 object schema', () => {
    for (const tool of tools) expect(anthropicProblems(tool)).toEqual([]);
  });

  it('keeps every input rule and drops only the dialect keyword', () => {
    const { $schema: _dialect, ...rest } = fixtureTools[0]!.inputSchema;
    expect(tools[0]!.input_schema).toEqual(rest);
  });
});

describe('Gemini projection', () => {
  const tools = toGeminiTools(fixtureTools);
  const [declaration, evidence] = tools[0]!.functionDeclarations;

  it('gives one tool whose function declarations fit the SDK’s Schema type', () => {
    expect(tools).toHaveLength(1);
    expect(geminiProblems(tools)).toEqual([]);
  });

  it('turns const into a one-value string enum and uses Gemini type names', () => {
    const properties = evidence!.parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.role).toEqual({ type: 'STRING', format: 'enum', enum: ['reviewer'] });
    expect(evidence!.parameters.type).toBe('OBJECT');
  });

  it('drops additionalProperties and uniqueItems but keeps required and array bounds', () => {
    const parameters = declaration!.parameters;
    expect(JSON.stringify(parameters)).not.toMatch(/additionalProperties|uniqueItems|\$schema|"const"/);
    expect(parameters.required).toEqual(['text']);
    // int64 counts, which the Schema object's JSON form writes as decimal strings.
    expect((parameters.properties as Record<string, unknown>).ruleIds).toMatchObject({ minItems: '1', maxItems: '2' });
  });

  it('documents every keyword it drops', () => {
    expect(GEMINI_DROPPED_KEYWORDS).toEqual(expect.arrayContaining(['$schema', 'additionalProperties', 'uniqueItems']));
  });

  it('refuses a number enum, which Gemini cannot take', () => {
    const numberEnum: ProjectableTool = {
      name: 'x',
      description: 'y',
      inputSchema: { type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } },
    };
    expect(() => toGeminiTools([numberEnum])).toThrow(SchemaProjectionError);
  });
});

describe('projectTools', () => {
  it('lists the three formats and recognises only those', () => {
    expect(SUPPORTED_TOOL_FORMATS).toEqual(['openai', 'anthropic', 'gemini']);
    expect(isToolFormat('gemini')).toBe(true);
    expect(isToolFormat('mistral')).toBe(false);
    expect(isToolFormat('toString')).toBe(false);
  });

  it('answers each format with the same projection as its own function', () => {
    expect(projectTools('openai', fixtureTools)).toEqual(toOpenAiTools(fixtureTools));
    expect(projectTools('anthropic', fixtureTools)).toEqual(toAnthropicTools(fixtureTools));
    expect(projectTools('gemini', fixtureTools)).toEqual(toGeminiTools(fixtureTools));
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'mistral', '', 'OpenAI'])(
    'refuses the format %j with a TypeError naming it and the supported formats',
    (format) => {
      const project = () => projectTools(format as ToolFormat, fixtureTools);
      expect(project).toThrow(TypeError);
      expect(project).toThrow(
        `projectTools: format must be 'openai', 'anthropic' or 'gemini' (got ${format === '' ? "''" : `'${format}'`})`,
      );
    },
  );

  it('echoes a format that is not a string, short and printable', () => {
    expect(() => projectTools(42 as unknown as ToolFormat, fixtureTools)).toThrow(/\(got 42\)$/);
    expect(() => projectTools(`x\n${'y'.repeat(60)}` as ToolFormat, fixtureTools)).toThrow(/\(got 'x\\u\{a\}y+…'\)$/);
  });

  it('refuses a keyword no plan covers instead of passing it on silently', () => {
    const conditional: ProjectableTool = {
      name: 'x',
      description: 'y',
      inputSchema: { type: 'object', if: { required: ['a'] }, then: { required: ['b'] } },
    };
    for (const format of SUPPORTED_TOOL_FORMATS) {
      expect(() => projectTools(format, [conditional])).toThrow(/no rule for keyword "if"/);
    }
  });

  it('leaves the frozen descriptors untouched', () => {
    const before = JSON.stringify(fixtureTools);
    for (const format of SUPPORTED_TOOL_FORMATS) projectTools(format, fixtureTools);
    expect(JSON.stringify(fixtureTools)).toBe(before);
  });
});
