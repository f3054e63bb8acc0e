// GET /v1/tools?format= and GET /openapi.json, served by the Worker from the
// same descriptors as GET /v1/tools.
import { describe, expect, it } from 'vitest';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import { projectTools } from '../../src/core/projections';
import { errorOf, request, requestWith, variantEnv } from './helpers';

async function toolsIn(format: string): Promise<{ catalogueVersion: string; format: string; tools: unknown[] }> {
  const response = await request(`/v1/tools?format=${format}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  return response.json();
}

// The projections themselves are checked against the providers' SDKs in
// test/core/projections-sdk.test.ts; here the Worker must serve exactly them.
describe('GET /v1/tools?format=', () => {
  it.each(['openai', 'anthropic', 'gemini'] as const)('serves the core’s %s projection of the four tools', async (format) => {
    const body = await toolsIn(format);
    expect(body).toMatchObject({ catalogueVersion, format });
    expect(body.tools).toEqual(projectTools(format, writingReviewTools));
    expect(body.tools).toHaveLength(format === 'gemini' ? 1 : 4);
  });

  it('answers an unknown format with a 400 envelope listing the supported ones', async () => {
    const response = await request('/v1/tools?format=mistral');
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ ok: false, tool: '', code: 'invalid-request' });
    expect(error.message).toContain('openai, anthropic, gemini');
  });

  it.each([
    ['/v1/tools?format=openai&format=gemini', 'format may be given once.'],
    ['/v1/tools?fromat=openai', "Unknown query parameter 'fromat'; /v1/tools takes format only."],
  ])('refuses %s rather than drop a value unseen', async (path, message) => {
    const response = await request(path);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'invalid-request', message });
  });

  it('sends each format a strong ETag of its own and answers 304 to it', async () => {
    const tags = new Set<string>();
    for (const format of ['openai', 'anthropic', 'gemini']) {
      const response = await request(`/v1/tools?format=${format}`);
      const etag = response.headers.get('ETag') ?? '';
      expect(etag, format).toMatch(/^"[0-9a-f]{64}"$/);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      tags.add(etag);
      const revalidated = await request(`/v1/tools?format=${format}`, { headers: { 'If-None-Match': `"other", W/${etag}` } });
      expect(revalidated.status, format).toBe(304);
      expect(await revalidated.text()).toBe('');
    }
    tags.add((await request('/v1/tools')).headers.get('ETag') ?? '');
    expect(tags.size).toBe(4);
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
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(catalogueVersion);
    for (const tool of writingReviewTools) {
      expect(document.components.schemas[`${tool.name}.arguments`]).toEqual(JSON.parse(JSON.stringify(tool.inputSchema)));
    }
  });
});

describe('GET /openapi.json with API_TOKEN set', () => {
  const TOKEN = 'openapi-token-5b2e';
  const secured = variantEnv({ API_TOKEN: TOKEN });

  it('needs the token, as GET /v1/tools does for the same descriptors', async () => {
    const response = await requestWith(secured, '/openapi.json');
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'unauthorized' });
  });

  it('serves it with the token, kept out of shared caches', async () => {
    const response = await requestWith(secured, '/openapi.json', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=300');
  });
});

describe('GET /openapi.json caching and methods', () => {
  it('sends a strong ETag and answers 304 to it', async () => {
    const etag = (await request('/openapi.json')).headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const response = await request('/openapi.json', { headers: { 'If-None-Match': etag } });
    expect(response.status).toBe(304);
  });

  it('answers other methods with a JSON 405 and Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await request('/openapi.json', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow')).toBe('GET, HEAD');
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'method-not-allowed' });
    }
  });
});
