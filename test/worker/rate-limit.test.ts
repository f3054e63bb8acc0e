// Rate limits over the Workers Rate Limiting binding, simulated by Miniflare
// inside workerd: the budget is reached, the 429 answer (envelope or JSON-RPC)
// says when to retry, another caller or budget is not affected, /healthz is
// never limited, and without the bindings nothing is limited.
/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerEnv } from '../../src/worker/env';
import { dispatchInit, errorOf, requestWith, variantEnv } from './helpers';

/** The test budgets of vitest.config.ts, per address or token and minute. */
const TOOL_CALLS = 3;
const READS = 5;
const bindings = env as unknown as Record<string, RateLimit>;
const limited = (overrides: Record<string, unknown> = {}) =>
  variantEnv({ TOOL_CALL_RATE_LIMIT: bindings.TEST_TOOL_CALL_RATE_LIMIT, READ_RATE_LIMIT: bindings.TEST_READ_RATE_LIMIT, ...overrides });

let addressCount = 0;
/** A client address no other test has used, so every test starts with full budgets. */
function freshAddress(): string {
  addressCount += 1;
  return `203.0.113.${addressCount}`;
}

const rulesCall = { name: 'get_writing_rules', arguments: {} };
const dispatchFrom = (variant: WorkerEnv, address: string, headers: Record<string, string> = {}) =>
  requestWith(variant, '/v1/dispatch', dispatchInit(rulesCall, { 'CF-Connecting-IP': address, ...headers }));
const getFrom = (variant: WorkerEnv, path: string, address: string, headers: Record<string, string> = {}) =>
  requestWith(variant, path, { headers: { 'CF-Connecting-IP': address, ...headers } });

async function statuses(send: () => Promise<Response>, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await send();
    await response.arrayBuffer();
    seen.push(response.status);
  }
  return seen;
}

// Miniflare counts in fixed windows aligned to the minute; a test that began in
// the last seconds of one could see its counts reset halfway.
beforeEach(async () => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rate limits', () => {
  it('answers 429 rate-limited with Retry-After once an address has spent its tool-call budget', async () => {
    const variant = limited();
    const address = freshAddress();
    expect(await statuses(() => dispatchFrom(variant, address), TOOL_CALLS)).toEqual(Array(TOOL_CALLS).fill(200));
    const refused = await dispatchFrom(variant, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(refused.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(refused.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await errorOf(refused)).toEqual({
      ok: false,
      tool: '',
      code: 'rate-limited',
      message: 'Too many tool calls from this caller; retry after 60 seconds.',
    });
  });

  it('leaves another address with its full budget', async () => {
    const variant = limited();
    const flooding = freshAddress();
    await statuses(() => dispatchFrom(variant, flooding), TOOL_CALLS + 2);
    const other = freshAddress();
    expect(await statuses(() => dispatchFrom(variant, other), TOOL_CALLS + 1)).toEqual([...Array(TOOL_CALLS).fill(200), 429]);
  });

  it('keeps the read budget apart from the tool-call budget', async () => {
    const variant = limited();
    const address = freshAddress();
    await statuses(() => dispatchFrom(variant, address), TOOL_CALLS + 1);
    expect(await statuses(() => getFrom(variant, '/v1/tools', address), READS + 1)).toEqual([...Array(READS).fill(200), 429]);
    const refused = await getFrom(variant, '/openapi.json', address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect((await errorOf(refused)).message).toBe('Too many requests from this caller; retry after 60 seconds.');
  });

  it('never limits /healthz, even for an address that spent both budgets', async () => {
    const variant = limited();
    const address = freshAddress();
    await statuses(() => dispatchFrom(variant, address), TOOL_CALLS + 1);
    await statuses(() => getFrom(variant, '/v1/tools', address), READS + 1);
    expect(await statuses(() => getFrom(variant, '/healthz', address), 3 * READS)).toEqual(Array(3 * READS).fill(200));
  });

  it('keys by the host token, wherever it comes from; a wrong token counts against its address', async () => {
    const token = 'rate-limit-token-5e1a';
    const variant = limited({ API_TOKEN: token });
    const bearer = { Authorization: `Bearer ${token}` };
    const [first, second, third] = [freshAddress(), freshAddress(), freshAddress()];
    expect(await statuses(() => dispatchFrom(variant, first, bearer), TOOL_CALLS)).toEqual(Array(TOOL_CALLS).fill(200));
    // The same token from another address shares the spent budget.
    expect((await dispatchFrom(variant, second, bearer)).status).toBe(429);
    // The addresses themselves still have theirs: a wrong token is refused by the token check, not the limit.
    expect(await statuses(() => dispatchFrom(variant, first, { Authorization: 'Bearer wrong-token' }), TOOL_CALLS + 1)).toEqual([
      ...Array(TOOL_CALLS).fill(401),
      429,
    ]);
    expect((await dispatchFrom(variant, third)).status).toBe(401);
  });

  it('answers MCP with a JSON-RPC error, status 429 and Retry-After', async () => {
    const variant = limited();
    const address = freshAddress();
    await statuses(() => dispatchFrom(variant, address), TOOL_CALLS);
    const response = await requestWith(variant, '/mcp', {
      method: 'POST',
      headers: { 'CF-Connecting-IP': address, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_writing_rules', arguments: {} } }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('60');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Too many tool calls from this caller; retry after 60 seconds.',
        data: { code: 'rate-limited', retryAfterSeconds: 60 },
      },
      id: null,
    });
  });

  it('lets a listed origin read the 429 and its Retry-After', async () => {
    const origin = 'http://localhost:5173';
    const variant = limited({ CORS_ORIGINS: origin });
    const address = freshAddress();
    await statuses(() => dispatchFrom(variant, address, { Origin: origin }), TOOL_CALLS);
    const refused = await dispatchFrom(variant, address, { Origin: origin });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(origin);
    expect(refused.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
  });

  it('does not limit without the bindings, and says so once per isolate', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));
    const unbound = variantEnv({}, ['TOOL_CALL_RATE_LIMIT', 'READ_RATE_LIMIT']);
    const address = freshAddress();
    expect(await statuses(() => dispatchFrom(unbound, address), 2 * TOOL_CALLS)).toEqual(Array(2 * TOOL_CALLS).fill(200));
    expect(warnings.map((line) => JSON.parse(line))).toEqual([{ event: 'rate-limits-off', budgets: ['toolCalls', 'reads'] }]);
  });

  it('refuses a variable in place of a binding as invalid-config naming it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await requestWith(variantEnv({ TOOL_CALL_RATE_LIMIT: '100' }), '/v1/tools');
    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.code).toBe('invalid-config');
    expect(error.message).toContain('TOOL_CALL_RATE_LIMIT');
  });

  it('serves the request when the limiter itself fails, logging only the error name', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    const failing = { limit: () => Promise.reject(new TypeError('limiter down at 10.9.8.7')) };
    const response = await dispatchFrom(limited({ TOOL_CALL_RATE_LIMIT: failing }), freshAddress());
    expect(response.status).toBe(200);
    expect(errors.map((line) => JSON.parse(line))).toEqual([{ event: 'rate-limit-failed', error: 'TypeError' }]);
  });
});
