import { describe, expect, it } from 'vitest';
import { toAnthropicTools, toGeminiTools, toOpenAiTools } from '../../src/core/projections';
import { writingReviewTools } from '../../src/core/index';
import { anthropicProblems, geminiProblems, openAiProblems } from './provider-sdk-checks';

// The served descriptors, projected: every provider accepts all four tools.
const descriptors = writingReviewTools;
const names = descriptors.map((tool) => tool.name);

describe('the four writing tools in provider formats', () => {
  it('pass the OpenAI SDK checks', () => {
    const tools = toOpenAiTools(descriptors);
    expect(tools.map((tool) => tool.function.name)).toEqual(names);
    for (const tool of tools) expect(openAiProblems(tool)).toEqual([]);
  });

  it('pass the Anthropic SDK checks', () => {
    const tools = toAnthropicTools(descriptors);
    expect(tools.map((tool) => tool.name)).toEqual(names);
    for (const tool of tools) expect(anthropicProblems(tool)).toEqual([]);
  });

  it('pass the Gemini SDK checks', () => {
    const tools = toGeminiTools(descriptors);
    expect(tools[0]!.functionDeclarations.map((declaration) => declaration.name)).toEqual(names);
    expect(geminiProblems(tools)).toEqual([]);
  });

  it('keep each tool’s required arguments in every format', () => {
    const required = descriptors.map((tool) => tool.inputSchema.required ?? []);
    expect(toOpenAiTools(descriptors).map((tool) => tool.function.parameters.required ?? [])).toEqual(required);
    expect(toAnthropicTools(descriptors).map((tool) => tool.input_schema.required ?? [])).toEqual(required);
    expect(toGeminiTools(descriptors)[0]!.functionDeclarations.map((d) => d.parameters.required ?? [])).toEqual(required);
  });

  it('carry find_writing_signals’ optional minLevel with its two values in every format', () => {
    const levels = ['warning', 'suggestion'];
    const at = names.indexOf('find_writing_signals');
    const openAi = toOpenAiTools(descriptors)[at]!.function.parameters;
    const anthropic = toAnthropicTools(descriptors)[at]!.input_schema;
    const gemini = toGeminiTools(descriptors)[0]!.functionDeclarations[at]!.parameters;
    for (const schema of [openAi, anthropic]) {
      expect((schema.properties as Record<string, unknown>).minLevel).toMatchObject({ type: 'string', enum: levels });
      expect(schema.required ?? []).not.toContain('minLevel');
    }
    expect((gemini.properties as Record<string, unknown>).minLevel).toMatchObject({ type: 'STRING', format: 'enum', enum: levels });
    expect(gemini.required ?? []).not.toContain('minLevel');
  });
});
