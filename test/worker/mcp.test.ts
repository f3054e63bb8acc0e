// MCP at /mcp, driven by the official SDK client over Streamable HTTP with its
// fetch pointed at the Worker: list and call every tool, errors included. The
// client lists the tools before calling, so it checks every structuredContent
// against the tool's outputSchema (and rejects the call when it does not fit).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import { STRUCTURED_CONTENT_POINTER } from '../../src/mcp/json-rpc';
import type { WorkerEnv } from '../../src/worker/env';
import { ORIGIN, request, requestWith, variantEnv } from './helpers';

const TOKEN = 'mcp-test-token-7d2e';
const secured = variantEnv({ API_TOKEN: TOKEN });
const clients: Client[] = [];

type Fetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A connected SDK client whose requests go to the Worker (or a variant env). */
async function connect(
  options: { env?: WorkerEnv; headers?: Record<string, string>; wrapFetch?: (fetch: Fetch) => Fetch } = {},
): Promise<Client> {
  const toWorker: Fetch = (url, init) => {
    const path = new URL(url).pathname;
    return options.env ? requestWith(options.env, path, init) : request(path, init);
  };
  const fetchWorker = options.wrapFetch?.(toWorker) ?? toWorker;
  const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
    fetch: fetchWorker,
    requestInit: { headers: options.headers ?? {} },
  });
  const client = new Client({ name: 'writing-rules-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** Lists the tools (so the client holds their output schemas), then calls one. */
async function call(name: string, args?: Record<string, unknown>, client?: Client): Promise<CallToolResult> {
  const connected = client ?? (await connect());
  await connected.listTools();
  return (await connected.callTool({ name, ...(args === undefined ? {} : { arguments: args }) })) as CallToolResult;
}

function textOf(result: CallToolResult): unknown {
  const [block] = result.content;
  expect(block?.type).toBe('text');
  return JSON.parse((block as { text: string }).text);
}

/** The error of an isError result, read from its text block (errors carry no structuredContent). */
function errorOf(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (textOf(result) as { error: { code: string; message: string } }).error;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

describe('MCP tools/list', () => {
  it('lists the four tools with titles, input and output schemas and read-only annotations', async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(writingReviewTools.map((tool) => tool.name));
    for (const [index, tool] of tools.entries()) {
      const descriptor = writingReviewTools[index]!;
      expect(tool.title).toBe(descriptor.title);
      expect(tool.description).toBe(descriptor.description);
      expect(tool.inputSchema).toEqual(descriptor.inputSchema);
      expect(tool.outputSchema).toEqual(descriptor.outputSchema);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toEqual({ title: descriptor.title, ...descriptor.annotations });
    }
  });
});

describe('MCP tools/call', () => {
  it('answers get_writing_rules with the data once, as structuredContent, and a text block that points to it', async () => {
    const result = await call('get_writing_rules', { ruleIds: ['word-choice'] });
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ catalogueVersion, language: 'en', detail: 'summary' });
    expect((result.structuredContent as { rules: { id: string }[] }).rules.map((rule) => rule.id)).toEqual(['word-choice']);
    expect(result.content).toEqual([{ type: 'text', text: STRUCTURED_CONTENT_POINTER }]);
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

  it('gives each signal its level and takes minLevel, as the HTTP API does', async () => {
    const text = 'Please note the panel is stunning.';
    const args = { text, ruleIds: ['meta-framing', 'word-choice'] };
    type Data = { signals: { quote: string; level: string }[]; coverage: { signalsByLevel: unknown } };
    const all = (await call('find_writing_signals', args)).structuredContent as Data;
    expect(all.signals.map((s) => [s.quote, s.level])).toEqual([
      ['Please note', 'suggestion'],
      ['stunning', 'warning'],
    ]);
    const warnings = (await call('find_writing_signals', { ...args, minLevel: 'warning' })).structuredContent as Data;
    expect(warnings.signals.map((s) => [s.quote, s.level])).toEqual([['stunning', 'warning']]);
    expect(warnings.coverage.signalsByLevel).toEqual({ warning: 1, suggestion: 0 });
    const error = errorOf(await call('find_writing_signals', { text, minLevel: 'notice' }));
    expect(error).toMatchObject({ code: 'invalid-arguments', message: "minLevel must be 'warning' or 'suggestion' (got 'notice')" });
  });

  it('reads model comparison evidence for an allowed cohort', async () => {
    const query = { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' };
    const result = await call('get_model_comparison_evidence', query);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ query });
  });

  it('answers an unknown tool with isError and the unknown-tool code', async () => {
    const result = await call('rewrite_my_text', {});
    expect(errorOf(result).code).toBe('unknown-tool');
  });

  it('answers arguments out of bounds with isError, the code and a message naming the field', async () => {
    const error = errorOf(await call('find_writing_signals', { text: 'x', maxSignals: 0 }));
    expect(error.code).toBe('invalid-arguments');
    expect(error.message).toContain('maxSignals');
  });

  it('carries the same error text as the envelope of POST /v1/dispatch', async () => {
    const call_ = { name: 'find_writing_signals', arguments: { text: 'x', maxSignals: 0 } };
    const dispatched = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(call_),
    });
    const envelope = (await dispatched.json()) as { error: unknown };
    const result = await call(call_.name, call_.arguments);
    expect((result.content[0] as { text: string }).text).toBe(JSON.stringify({ error: envelope.error }));
  });

  it('refuses a field the tool does not know, as the HTTP API does', async () => {
    const result = await call('get_writing_rules', { audience: 'everyone' });
    expect(errorOf(result).code).toBe('invalid-arguments');
  });

  it('refuses a cohort outside the host’s cohort IDs', async () => {
    const result = await call('get_model_comparison_evidence', {
      language: 'en',
      profile: 'public-docs',
      role: 'reviewer',
      cohortId: 'someone-elses-cohort',
    });
    expect(errorOf(result).code).toBe('invalid-arguments');
  });
});

describe('MCP structuredContent against outputSchema', () => {
  const calls: [string, Record<string, unknown>][] = [
    ['get_writing_rules', { detail: 'summary' }],
    ['get_writing_rules', { detail: 'full', language: 'de' }],
    ['compose_writing_review_prompt', { language: 'de', profile: 'agent-report' }],
    ['find_writing_signals', { text: 'A powerful, robust and seamless panel. '.repeat(20), maxSignals: 5 }],
    ['get_model_comparison_evidence', { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' }],
    ['get_model_comparison_evidence', { language: 'de', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' }],
  ];

  it.each(calls)('the client accepts %s %j, having checked it against the outputSchema', async (name, args) => {
    const result = await call(name, args);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(expect.any(Object));
    expect(result.content).toEqual([{ type: 'text', text: STRUCTURED_CONTENT_POINTER }]);
  });

  it('the client rejects a result that does not fit, so the check above is real', async () => {
    // Drops one required field from every structuredContent on its way to the client.
    const dropCatalogueVersion =
      (fetch: Fetch): Fetch =>
      async (url, init) => {
        const response = await fetch(url, init);
        if (!response.headers.get('content-type')?.includes('application/json')) return response;
        const body = (await response.json()) as { result?: { structuredContent?: Record<string, unknown> } };
        delete body.result?.structuredContent?.catalogueVersion;
        return Response.json(body, { status: response.status, headers: response.headers });
      };
    const client = await connect({ wrapFetch: dropCatalogueVersion });
    await expect(call('find_writing_signals', { text: 'A powerful panel.' }, client)).rejects.toThrow(
      /does not match the tool's output schema/,
    );
  });
});

describe('MCP lifecycle and protocol', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    request('/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const initialize = (protocolVersion: string) => ({
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  });

  it('answers the official client’s ping', async () => {
    const client = await connect();
    expect(await client.ping()).toEqual({});
  });

  it('settles on the client’s protocol revision when it knows it, else on its newest', async () => {
    const known = (await (await post(initialize('2025-03-26'))).json()) as {
      id: unknown;
      result: { protocolVersion: string; capabilities: unknown };
    };
    expect(known).toMatchObject({ id: 'init', result: { protocolVersion: '2025-03-26', capabilities: { tools: {} } } });
    const unknown = (await (await post(initialize('1999-01-01'))).json()) as { result: { protocolVersion: string } };
    expect(unknown.result.protocolVersion).toBe('2025-11-25');
  });

  it('accepts notifications and a client’s responses with 202 and no body', async () => {
    const response = await post([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 5, result: {} },
    ]);
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('answers a batch in order, with method-not-found for a method it does not serve', async () => {
    const response = await post([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } },
      { jsonrpc: '2.0', id: 2, method: 'resources/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: {} } },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: expect.stringContaining('resources/list') } },
      { jsonrpc: '2.0', id: 3, error: { code: -32602, message: expect.stringContaining('params.name') } },
    ]);
  });

  it.each([
    ['an Accept header without text/event-stream', { Accept: 'application/json' }, '{}', 406, -32000],
    ['a body that is not JSON', {}, '{"jsonrpc":', 400, -32700],
    ['a text body', { 'Content-Type': 'text/plain' }, '{}', 415, -32000],
    ['an unknown protocol revision', { 'MCP-Protocol-Version': '1999-01-01' }, { jsonrpc: '2.0', id: 1, method: 'ping' }, 400, -32000],
    ['an initialize inside a batch', {}, [initialize('2025-06-18'), { jsonrpc: '2.0', id: 2, method: 'ping' }], 400, -32600],
    ['an empty batch', {}, [], 400, -32600],
    ['params that are not an object', {}, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }, 400, -32600],
  ])('refuses %s with its status and a JSON-RPC error without an id', async (_label, headers, body, status, code) => {
    const response = await post(body, headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code, message: expect.any(String) } });
  });

  it('quotes an unknown method short and printable', async () => {
    const response = await post({ jsonrpc: '2.0', id: 1, method: `evil\u0000\n${'x'.repeat(500)}` });
    const { error } = (await response.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Method not found: 'evil\\u\{0\}\\u\{a\}x+…'\. This server/);
    expect(error.message.length).toBeLessThan(200);
  });

  it('names which message of a batch is not JSON-RPC', async () => {
    const response = await post([
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { id: 2, method: 'ping' },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      id: null,
      error: { code: -32600, message: expect.stringContaining('message 2 of the batch') },
    });
  });
});

describe('/mcp over HTTP', () => {
  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await request('/mcp', { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: 'Method not allowed: this MCP endpoint is stateless and answers POST only.',
          data: { code: 'method-not-allowed' },
        },
        id: null,
      });
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
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'The request body must be at most 1048576 bytes (1024 KiB).', data: { code: 'body-too-large' } },
      id: null,
    });
  });

  it('needs the bearer token when the host set one', async () => {
    await expect(connect({ env: secured })).rejects.toThrow();
    const response = await requestWith(secured, '/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const client = await connect({ env: secured, headers: { Authorization: `Bearer ${TOKEN}` } });
    expect((await client.listTools()).tools).toHaveLength(4);
  });
});
