// GET /v1/tools?format= and GET /openapi.json, served by the Worker from the
// same descriptors as GET /v1/tools.
import { describe, expect, it } from 'vitest';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import { anthropicToolProblems, geminiToolsProblems, openAiToolProblems } from '../core/projections-provider-rules';
import { errorOf, request } from './helpers';

async function toolsIn(format: string): Promise<{ catalogueVersion: string; format: string; tools: unknown[] }> {
  const response = await request(`/v1/tools?format=${format}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  return response.json();
}

describe('GET /v1/tools?format=', () => {
  it('serves OpenAI function tools that pass OpenAI’s rules', async () => {
    const body = await toolsIn('openai');
    expect(body).toMatchObject({ catalogueVersion, format: 'openai' });
    expect(body.tools).toHaveLength(4);
    for (const tool of body.tools) expect(openAiToolProblems(tool)).toEqual([]);
  });

  it('serves Anthropic tools that pass Anthropic’s rules', async () => {
    const body = await toolsIn('anthropic');
    expect(body.tools).toHaveLength(4);
    for (const tool of body.tools) expect(anthropicToolProblems(tool)).toEqual([]);
  });

  it('serves one Gemini tool whose declarations pass Gemini’s rules', async () => {
    const body = await toolsIn('gemini');
    expect(body.tools).toHaveLength(1);
    expect(geminiToolsProblems(body.tools)).toEqual([]);
  });

  it('answers an unknown format with a 400 envelope listing the supported ones', async () => {
    const response = await request('/v1/tools?format=mistral');
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ ok: false, tool: '', code: 'invalid-request' });
    expect(error.message).toContain('openai, anthropic, gemini');
  });

  it('still serves the provider-neutral descriptors without format', async () => {
    const response = await request('/v1/tools');
    expect(await response.json()).toEqual({ catalogueVersion, tools: JSON.parse(JSON.stringify(writingReviewTools)) });
  });
});

describe('GET /openapi.json', () => {
  it('serves the OpenAPI 3.1 document with each tool’s dispatch body', async () => {
    const response = await request('/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; info: { version: string }; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(catalogueVersion);
    for (const tool of writingReviewTools) {
      expect(document.components.schemas[`${tool.name}.arguments`]).toEqual(JSON.parse(JSON.stringify(tool.inputSchema)));
    }
  });
});
