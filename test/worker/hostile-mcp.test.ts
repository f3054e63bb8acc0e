// Hostile requests to POST /mcp inside workerd: broken JSON-RPC, bodies over the
// limit, hostile tool calls and missing tokens. Every answer is JSON and a
// hostile call reaches the dispatcher's refusal, never an exception.
import { describe, expect, it } from 'vitest';
import { request, requestWith, variantEnv } from './helpers';

const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  request('/mcp', { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body });

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  return JSON.parse(await response.text()) as Record<string, unknown>;
}

interface ToolCallAnswer {
  result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: Record<string, unknown> };
  error?: unknown;
}

/** The `{ code, message }` of a tool error: in the text block, as errors carry no structuredContent. */
function toolErrorOf(body: ToolCallAnswer): { code?: string; message?: string } | undefined {
  const text = body.result?.content?.[0]?.text;
  return text === undefined ? undefined : (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
}

const toolCall = (name: unknown, args: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

describe('POST /mcp under hostile input', () => {
  // Every broken message gets a JSON-RPC error (the empty batch too, in
  // test/worker/mcp.test.ts).
  it.each(['{"jsonrpc":', 'null', '"x"', '{"jsonrpc":"2.0"}'])('answers %j with a JSON-RPC error and a 4xx', async (body) => {
    const response = await post(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await jsonOf(response)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  });

  it('refuses a body over 1 MiB without a 5xx', async () => {
    const response = await post(toolCall('find_writing_signals', { text: 'a'.repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(await jsonOf(response)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
  });

  // Bug (worker, MCP), from when the SDK's server answered: it parsed `arguments`
  // with zod, whose record parsing drops an own `__proto__` key, so the call
  // succeeded where POST /v1/dispatch refuses it (a call that names any field
  // the tool does not list fails).
  it('refuses a __proto__ key in tool arguments, as POST /v1/dispatch does', async () => {
    const response = await post(toolCall('get_writing_rules', JSON.parse('{"__proto__":{"detail":"full"}}')));
    const body = (await jsonOf(response)) as ToolCallAnswer;
    expect(body.result?.isError).toBe(true);
    expect(toolErrorOf(body)?.code).toBe('invalid-arguments');
  });

  // Bug (worker, MCP), from when the SDK's server answered: its CallToolRequestSchema
  // refused such arguments with a JSON-RPC -32603 carrying zod's issue list,
  // and a raw null became {}.
  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'x'],
  ])('answers arguments that are %s as invalid-arguments, as POST /v1/dispatch does', async (_label, args) => {
    const response = await post(toolCall('get_writing_rules', args));
    expect(response.status).toBe(200);
    const body = (await jsonOf(response)) as ToolCallAnswer;
    expect(body.error).toBeUndefined();
    expect(body.result?.isError).toBe(true);
    const dispatched = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'get_writing_rules', arguments: args }),
    });
    expect(dispatched.status).toBe(400);
    expect(toolErrorOf(body)).toEqual(((await dispatched.json()) as { error: unknown }).error);
    expect(toolErrorOf(body)?.code).toBe('invalid-arguments');
  });

  it('answers a tool call without an arguments key as a call with no arguments', async () => {
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_writing_rules' } }));
    expect(response.status).toBe(200);
    const body = (await jsonOf(response)) as { id?: unknown; result?: { isError?: boolean; content?: { text: string }[] } };
    expect(body.id).toBe(8);
    expect(body.result?.isError).toBeUndefined();
    const dispatched = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'get_writing_rules', arguments: {} }),
    });
    // Without MCP-Protocol-Version the server assumes 2025-03-26, which has no structuredContent: the data is the text.
    expect(JSON.parse(body.result?.content?.[0]?.text ?? '')).toEqual(((await dispatched.json()) as { data: unknown }).data);
  });

  it.each([
    ['an own constructor key', 'get_writing_rules', { constructor: { detail: 'full' } }],
    ['an unknown tool', 'rewrite_text', {}],
    // biome-ignore lint/correctness/noPrecisionLoss: 1e309 is Infinity on purpose, a number JSON cannot carry
    ['an out-of-bounds argument', 'find_writing_signals', { text: 'x', maxSignals: 1e309 }],
    ['a host field', 'compose_writing_review_prompt', { audience: 'Everyone' }],
  ])('answers a tool call with %s as a tool error, not a crash', async (_label, name, args) => {
    const response = await post(toolCall(name, args));
    expect(response.status).toBe(200);
    const body = (await jsonOf(response)) as ToolCallAnswer;
    // Malformed params may be refused as a JSON-RPC error, or the call passed on to the dispatcher (isError).
    if (body.error === undefined) {
      expect(body.result?.isError).toBe(true);
      expect(['unknown-tool', 'invalid-arguments']).toContain(toolErrorOf(body)?.code);
    }
  });

  it('answers 401 as a JSON-RPC error without the token when API_TOKEN is set', async () => {
    const secured = variantEnv({ API_TOKEN: 'mcp-hostile-token-5a' });
    const response = await requestWith(secured, '/mcp', { method: 'POST', headers: MCP_HEADERS, body: toolCall('get_writing_rules', {}) });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await jsonOf(response)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: expect.stringContaining('Authorization: Bearer <token>'), data: { code: 'unauthorized' } },
      id: null,
    });
  });

  it('refuses a tools/call param it does not know, such as a misspelt arguments, instead of running on defaults', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'get_writing_rules', argument: { language: 'de' } },
    });
    expect(await jsonOf(await post(body))).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: "Invalid params: tools/call takes name, arguments and _meta, not 'argument'." },
    });
    const withMeta = JSON.stringify({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'get_writing_rules', arguments: {}, _meta: { progressToken: 1 } },
    });
    expect(((await jsonOf(await post(withMeta))) as ToolCallAnswer).result?.isError).toBeUndefined();
  });

  it.each([
    [{ 'Content-Type': 'application/json; charset=utf-16' }, "Content-Type names charset 'utf-16'"],
    [{ 'Content-Encoding': 'gzip' }, "Content-Encoding 'gzip' is not accepted"],
  ])('answers 415 as a JSON-RPC error for a body it cannot read as sent (%j)', async (headers, message) => {
    const response = await post(toolCall('get_writing_rules', {}), headers);
    expect(response.status).toBe(415);
    const body = await jsonOf(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect((body.error as { message: string }).message).toContain(message);
  });
});
