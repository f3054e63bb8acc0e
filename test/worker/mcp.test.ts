// MCP at /mcp, driven by the official SDK client over Streamable HTTP with its
// fetch pointed at the Worker: list and call every tool, errors included.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import type { WorkerEnv } from '../../src/worker/env';
import { ORIGIN, request, requestWith, variantEnv } from './helpers';

const TOKEN = 'mcp-test-token-7d2e';
const secured = variantEnv({ API_TOKEN: TOKEN });
const clients: Client[] = [];

/** A connected SDK client whose requests go to the Worker (or a variant env). */
async function connect(options: { env?: WorkerEnv; headers?: Record<string, string> } = {}): Promise<Client> {
  const fetchWorker = (url: string | URL, init?: RequestInit) => {
    const path = new URL(url).pathname;
    return options.env ? requestWith(options.env, path, init) : request(path, init);
  };
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: fetchWorker,
    requestInit: { headers: options.headers ?? {} },
  });
  const client = new Client({ name: 'writing-rules-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(name: string, args?: Record<string, unknown>): Promise<CallToolResult> {
  const client = await connect();
  return (await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) })) as CallToolResult;
}

function textOf(result: CallToolResult): unknown {
  const [block] = result.content;
  expect(block?.type).toBe('text');
  return JSON.parse((block as { text: string }).text);
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('MCP tools/list', () => {
  it('lists the four tools with titles, input schemas and read-only annotations', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(writingReviewTools.map((tool) => tool.name));
    for (const [index, tool] of tools.entries()) {
      const descriptor = writingReviewTools[index]!;
      expect(tool.title).toBe(descriptor.title);
      expect(tool.description).toBe(descriptor.description);
      expect(tool.inputSchema).toEqual(descriptor.inputSchema);
      expect(tool.annotations).toEqual({ title: descriptor.title, ...descriptor.annotations });
    }
  });
});

describe('MCP tools/call', () => {
  it('answers get_writing_rules with the data as structuredContent and as JSON text', async () => {
    const result = await call('get_writing_rules', { ruleIds: ['word-choice'] });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ catalogueVersion, language: 'en', detail: 'summary' });
    expect((result.structuredContent as { rules: { id: string }[] }).rules.map((rule) => rule.id)).toEqual(['word-choice']);
    expect(textOf(result)).toEqual(result.structuredContent);
  });

  it('runs a call without arguments as the empty arguments object', async () => {
    const result = await call('get_writing_rules');
    expect((result.structuredContent as { rules: unknown[] }).rules).toHaveLength(20);
  });

  it('composes the review prompt with the host context of wrangler.toml', async () => {
    const result = await call('compose_writing_review_prompt', { profile: 'public-docs', maxFindings: 3 });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ catalogueVersion, language: 'en' });
    expect(typeof (result.structuredContent as { prompt: unknown }).prompt).toBe('string');
  });

  it('finds "powerful" as a word-choice signal', async () => {
    const result = await call('find_writing_signals', { text: 'A powerful review panel.', ruleIds: ['word-choice'] });
    const signals = (result.structuredContent as { signals: { ruleId: string; quote: string; start: number }[] }).signals;
    expect(signals).toEqual([expect.objectContaining({ ruleId: 'word-choice', quote: 'powerful', start: 2 })]);
  });

  it('reads model comparison evidence for an allowed cohort', async () => {
    const query = { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' };
    const result = await call('get_model_comparison_evidence', query);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ query });
  });

  it('answers an unknown tool with isError and the unknown-tool code', async () => {
    const result = await call('rewrite_my_text', {});
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ error: { code: 'unknown-tool' } });
    expect(textOf(result)).toEqual(result.structuredContent);
  });

  it('answers arguments out of bounds with isError, the code and a message naming the field', async () => {
    const result = await call('find_writing_signals', { text: 'x', maxSignals: 0 });
    expect(result.isError).toBe(true);
    const { error } = result.structuredContent as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid-arguments');
    expect(error.message).toContain('maxSignals');
  });

  it('refuses a field the tool does not know, as the HTTP API does', async () => {
    const result = await call('get_writing_rules', { audience: 'everyone' });
    expect(result.structuredContent).toMatchObject({ error: { code: 'invalid-arguments' } });
  });

  it('refuses a cohort outside the host’s cohort IDs', async () => {
    const result = await call('get_model_comparison_evidence', {
      language: 'en',
      profile: 'public-docs',
      role: 'reviewer',
      cohortId: 'someone-elses-cohort',
    });
    expect(result.structuredContent).toMatchObject({ error: { code: 'invalid-arguments' } });
  });
});

describe('/mcp over HTTP', () => {
  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await request('/mcp', { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  it('keeps no session: no Mcp-Session-Id on the initialize answer', async () => {
    const response = await request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Mcp-Session-Id')).toBeNull();
    expect(response.headers.get('Content-Type')).toContain('application/json');
  });

  it('refuses a body over 1 MiB with 413 before parsing it', async () => {
    const response = await request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it('needs the bearer token when the host set one', async () => {
    await expect(connect({ env: secured })).rejects.toThrow();
    const response = await requestWith(secured, '/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const client = await connect({ env: secured, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect((await client.listTools()).tools).toHaveLength(4);
  });
});
