// The ways around the budgets and the ways to a huge answer that a probe of
// the Worker found, each as it is answered now: an MCP batch costs one tool
// call per tools/call and carries at most 250,000 units in all, answers stay
// within 4 × their request + a constant, a variant of a path is no route, the
// MCP transport checks Origin and Accept and keeps ids exactly, and every
// refusal logs its outcome.
/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOOL_CALLS_PER_BATCH } from '../../src/mcp/json-rpc';
import { ANSWER_BYTES_CONSTANT, adversarialCalls } from '../answer-bounds';
import { dispatchInit, request, requestWith, variantEnv } from './helpers';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const mcpInit = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { ...MCP_HEADERS, ...headers },
  body,
});
const toolCall = (id: number, name: string, args: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});
const bytes = (text: string) => new TextEncoder().encode(text).length;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an MCP batch and the tool-call budget', () => {
  const bindings = env as unknown as Record<string, RateLimit>;
  it('charges every tools/call of a batch: the test budget of 3 runs allows one batch of 3, then refuses', async () => {
    const limited = variantEnv({ TOOL_CALL_RATE_LIMIT: bindings.TEST_TOOL_CALL_RATE_LIMIT });
    const from = { 'CF-Connecting-IP': '198.51.100.77' };
    const batch = JSON.stringify([1, 2, 3].map((id) => toolCall(id, 'get_writing_rules', {})));
    const first = await requestWith(limited, '/mcp', mcpInit(batch, from));
    expect(first.status).toBe(200);
    expect(((await first.json()) as unknown[]).length).toBe(3);
    const second = await requestWith(limited, '/mcp', mcpInit(JSON.stringify(toolCall(4, 'get_writing_rules', {})), from));
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { data: { code: 'rate-limited', retryAfterSeconds: 60 } },
    });
  });

  it(`refuses a batch of more than ${MAX_TOOL_CALLS_PER_BATCH} tools/call requests, naming the bound`, async () => {
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, id) => toolCall(id, 'get_writing_rules', {})));
    const response = await request('/mcp', mcpInit(batch));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: a batch holds at most ${MAX_TOOL_CALLS_PER_BATCH} tools/call requests; this one holds 100.`,
      },
    });
  });

  it('refuses a batch whose texts hold more than 250,000 units together, so one request scans at most that', async () => {
    const text = 'a '.repeat(100_000);
    const batch = JSON.stringify([1, 2, 3].map((id) => toolCall(id, 'find_writing_signals', { text })));
    const response = await request('/mcp', mcpInit(batch));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid Request: the texts of one batch must be at most 250000 UTF-16 units together; this one has 600000.',
    );
  });
});

describe('answer size', () => {
  it('answers the directive flood of the probe with 100 problems and the count of the rest', async () => {
    const text = `<!-- writing-rules-disable ${'a '.repeat(124_980)}-->`;
    const body = JSON.stringify({ name: 'find_writing_signals', arguments: { text, format: 'markdown' } });
    const response = await request('/v1/dispatch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const answer = await response.text();
    const { coverage } = (JSON.parse(answer) as { data: { coverage: { directiveProblems: unknown[]; omittedDirectiveProblems: number } } })
      .data;
    expect(coverage.directiveProblems).toHaveLength(100);
    expect(coverage.omittedDirectiveProblems).toBe(124_880);
    expect(bytes(answer)).toBeLessThan(bytes(body));
  });

  it('keeps every answer of /v1/dispatch and /mcp within 4 × its request + the constant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...adversarialCalls()), fc.boolean(), async (call, overMcp) => {
        const body = overMcp ? JSON.stringify(toolCall(1, call.name, call.arguments)) : JSON.stringify(call);
        const response = overMcp
          ? await request('/mcp', mcpInit(body, { 'MCP-Protocol-Version': '2025-06-18' }))
          : await request('/v1/dispatch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        const answer = await response.text();
        expect(response.status).toBeLessThan(500);
        expect(bytes(answer)).toBeLessThanOrEqual(4 * bytes(body) + ANSWER_BYTES_CONSTANT);
      }),
      { numRuns: 24 },
    );
  });

  it('keeps a batch of the largest tool answers within 4 × its request + the constant per run', async () => {
    const batch = JSON.stringify(
      Array.from({ length: MAX_TOOL_CALLS_PER_BATCH }, (_, id) => toolCall(id, 'get_writing_rules', { detail: 'full' })),
    );
    const response = await request('/mcp', mcpInit(batch, { 'MCP-Protocol-Version': '2025-03-26' }));
    expect(response.status).toBe(200);
    expect(bytes(await response.text())).toBeLessThanOrEqual(4 * bytes(batch) + MAX_TOOL_CALLS_PER_BATCH * ANSWER_BYTES_CONSTANT);
  });
});

describe('one path per route', () => {
  it.each(['/v1/dispatch/', '/V1/dispatch', '/v1/%64ispatch', '//v1/dispatch', '/mcp/', '/MCP', '/v1/tools/'])(
    'answers %s with 404 not-found, and runs no tool',
    async (path) => {
      const init = path.toLowerCase().includes('mcp')
        ? mcpInit(JSON.stringify(toolCall(1, 'get_writing_rules', {})))
        : path.includes('tools')
          ? {}
          : dispatchInit({ name: 'get_writing_rules', arguments: {} });
      const response = await request(path, init);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.error.code).toBe('not-found');
      expect(body.error.message).toContain('The service answers exactly these paths: GET / (the review page), GET /v1/tools');
    },
  );
});

describe('the MCP transport', () => {
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

  it('refuses a foreign Origin with 403 as a JSON-RPC error, and serves the Worker’s own and the listed ones', async () => {
    const listed = variantEnv({ CORS_ORIGINS: 'https://app.example' });
    const foreign = await requestWith(listed, '/mcp', mcpInit(ping, { Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'forbidden' } } });
    expect((await requestWith(listed, '/mcp', mcpInit(ping, { Origin: 'https://app.example' }))).status).toBe(200);
    expect((await requestWith(listed, '/mcp', mcpInit(ping, { Origin: 'http://worker.test' }))).status).toBe(200);
    expect((await requestWith(listed, '/mcp', mcpInit(ping))).status).toBe(200);
  });

  it.each([
    ['APPLICATION/JSON, TEXT/EVENT-STREAM', 200],
    ['text/event-stream;q=0.5, application/json', 200],
    ['*/*', 200],
    ['x/application/jsonfoo, text/event-stream', 406],
    ['application/json;q=0, text/event-stream', 406],
  ])('reads Accept %j as a list of media ranges: %i', async (accept, status) => {
    const response = await request('/mcp', mcpInit(ping, { Accept: accept }));
    expect(response.status).toBe(status);
  });

  it('answers with the id exactly as sent, beyond 2^53 and in exponent form', async () => {
    const body = '[{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"},{"jsonrpc":"2.0","id":1e2,"method":"ping"}]';
    const answer = await (await request('/mcp', mcpInit(body))).text();
    expect(answer).toBe('[{"jsonrpc":"2.0","id":9007199254740993,"result":{}},{"jsonrpc":"2.0","id":1e2,"result":{}}]');
  });

  it('takes application/*+json as /v1/dispatch does: one rule for JSON bodies', async () => {
    const response = await request('/mcp', mcpInit(ping, { 'Content-Type': 'application/vnd.example+json' }));
    expect(response.status).toBe(200);
  });
});

describe('every refusal logs its outcome', () => {
  it.each([
    ['406', { Accept: 'text/html' }, pingBody(), 'not-acceptable'],
    ['415', { 'Content-Type': 'text/plain' }, pingBody(), 'unsupported-media-type'],
    ['400', {}, '{"jsonrpc":', 'invalid-request'],
  ])('logs a %s on /mcp with its code, not ok', async (status, headers, body, outcome) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const response = await request('/mcp', mcpInit(body, headers));
    expect(String(response.status)).toBe(status);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ path: '/mcp', outcome, status: Number(status) });
  });
});

function pingBody(): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
}

describe('a body the client stops sending', () => {
  const cutShort = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"find_writing_signals","arguments":{"text":"'));
        controller.error(new Error('connection closed'));
      },
    });

  it.each([
    ['with Content-Length', { 'Content-Length': '5000' }],
    ['chunked', {}],
  ])('is a 400 invalid-request, %s, logged as the client’s fault rather than a 500', async (_label, headers) => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const response = await requestWith(variantEnv({}), '/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: cutShort(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', message: expect.stringContaining('ended before') },
    });
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ outcome: 'invalid-request', status: 400 });
  });
});
