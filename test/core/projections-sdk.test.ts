// The provider projections of the four real descriptors checked against the
// providers' own SDKs: the projected tools' TypeScript types against the SDKs'
// request types and the kept keywords against the SDKs' schema types (checked
// by `tsc --noEmit` in `npm test`), and the projected values at run time
// (provider-sdk-checks.ts).
import type Anthropic from '@anthropic-ai/sdk';
import type { FunctionDeclaration, Schema, Tool as GeminiSdkTool, Type } from '@google/genai';
import type { JSONSchema as OpenAiJsonSchema } from 'openai/lib/jsonschema';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { writingReviewTools } from '../../src/core/index';
import {
  toAnthropicTools,
  toGeminiTools,
  toOpenAiTools,
  type ANTHROPIC_KEPT_KEYWORDS,
  type AnthropicTool,
  type GEMINI_KEPT_KEYWORDS,
  type GeminiFunctionDeclaration,
  type GeminiTool,
  type OPENAI_KEPT_KEYWORDS,
  type OpenAiFunctionTool,
} from '../../src/core/projections';
import { anthropicProblems, geminiProblems, openAiProblems } from './provider-sdk-checks';

const names = writingReviewTools.map((tool) => tool.name);

describe('OpenAI projection against the openai SDK', () => {
  it('has the type of a Chat Completions function tool, and keeps only keywords of the SDK JSONSchema type', () => {
    expectTypeOf<OpenAiFunctionTool>().toExtend<ChatCompletionFunctionTool>();
    expectTypeOf<Exclude<(typeof OPENAI_KEPT_KEYWORDS)[number], keyof OpenAiJsonSchema>>().toBeNever();
  });

  it('projects the four tools into values that pass', () => {
    const tools = toOpenAiTools(writingReviewTools);
    expect(tools.map((tool) => tool.function.name)).toEqual(names);
    for (const tool of tools) expect(openAiProblems(tool), tool.function.name).toEqual([]);
  });
});

describe('Anthropic projection against @anthropic-ai/sdk', () => {
  it('has the type of a Messages API tool', () => {
    expectTypeOf<AnthropicTool>().toExtend<Anthropic.Messages.Tool>();
    // The SDK types input_schema as JSON Schema 2020-12 with any keyword; the kept list is checked at run time.
    expectTypeOf<(typeof ANTHROPIC_KEPT_KEYWORDS)[number]>().toExtend<string>();
  });

  it('projects the four tools into values that pass', () => {
    const tools = toAnthropicTools(writingReviewTools);
    expect(tools.map((tool) => tool.name)).toEqual(names);
    for (const tool of tools) expect(anthropicProblems(tool), tool.name).toEqual([]);
  });
});

describe('Gemini projection against @google/genai', () => {
  it('keeps only fields of the SDK Schema type, besides const, which it rewrites into enum', () => {
    expectTypeOf<Exclude<(typeof GEMINI_KEPT_KEYWORDS)[number], keyof Schema>>().toEqualTypeOf<'const'>();
    // The SDK's `Type` is an enum, so JSON's string values are compared as `${Type}`.
    type DeclarationAsJson = Omit<FunctionDeclaration, 'parameters'> & { parameters?: { type?: `${Type}` } };
    expectTypeOf<GeminiTool>().toExtend<Omit<GeminiSdkTool, 'functionDeclarations'> & { functionDeclarations?: DeclarationAsJson[] }>();
  });

  it('projects the four tools into one tool whose declarations pass', () => {
    const tools = toGeminiTools(writingReviewTools);
    expect(tools).toHaveLength(1);
    expect(tools[0]!.functionDeclarations.map((declaration) => declaration.name)).toEqual(names);
    expect(geminiProblems(tools)).toEqual([]);
  });

  it('refuses what the SDK does not allow, so the checks above are real', () => {
    const [tool] = toGeminiTools(writingReviewTools);
    const [first] = tool!.functionDeclarations;
    const parameters = { ...first!.parameters, type: 'object', additionalProperties: false, maxProperties: 3 };
    const broken: GeminiTool = {
      functionDeclarations: [{ ...first!, parameters: parameters as unknown as GeminiFunctionDeclaration['parameters'] }],
    };
    expect(geminiProblems([broken])).toEqual([
      `${first!.name}/: additionalProperties`,
      `${first!.name}: parameters root is not OBJECT`,
      `${first!.name}/: type object`,
      `${first!.name}/: maxProperties is not an int64 string`,
    ]);
    const openAi = toOpenAiTools(writingReviewTools)[0]!;
    const properties = openAi.function.parameters.properties as Record<string, object>;
    const withExamples = { ...properties, language: { ...properties.language, examples: ['en'] } };
    expect(
      openAiProblems({
        ...openAi,
        function: { ...openAi.function, parameters: { ...openAi.function.parameters, properties: withExamples } },
      }),
    ).toEqual(['/properties/language: examples']);
    const anthropic = toAnthropicTools(writingReviewTools)[0]!;
    expect(anthropicProblems({ ...anthropic, input_schema: { ...anthropic.input_schema, propertyOrdering: ['text'] } })).toEqual([
      '/: propertyOrdering',
      expect.stringMatching(/^not strict JSON Schema 2020-12: .*propertyOrdering/),
    ]);
  });
});
