// One structured log line per request, without the reviewed text or secrets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueVersion } from '../../src/core/index';
import { baseEnv, dispatchInit, request, requestWith, variantEnv } from './helpers';

const versionId = (baseEnv as unknown as { WORKER_VERSION: { id: string } }).WORKER_VERSION.id;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every line the Worker writes to the log, whatever the level. */
function captureLogLines() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  };
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, level).mockImplementation(keep);
  return lines;
}

const mcpInit = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
  body: JSON.stringify(body),
});

describe('request log', () => {
  it('writes one JSON line with request id, tool, outcome and duration', async () => {
    const lines = captureLogLines();
    const response = await request(
      '/v1/dispatch',
      dispatchInit({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.' } }),
    );
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      requestId: response.headers.get('X-Request-Id'),
      method: 'POST',
      path: '/v1/dispatch',
      tool: 'find_writing_signals',
      outcome: 'ok',
      status: 200,
    });
    expect(typeof entry.durationMs).toBe('number');
  });

  it('carries the units scanned, the signals found, the catalogue version and the version ID', async () => {
    const lines = captureLogLines();
    const text = 'A powerful review panel. It is worth noting that it could potentially help. 😀';
    const response = await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text } }));
    const body = (await response.json()) as { data: { signals: unknown[] } };
    expect(body.data.signals.length).toBeGreaterThan(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      unitsScanned: text.length,
      signals: body.data.signals.length,
      catalogueVersion,
      versionId,
      sampleRate: 1,
    });
  });

  it('counts the units and signals of an MCP tools/call too, and zero for other tools', async () => {
    const lines = captureLogLines();
    const text = 'It is worth noting that this is seamless.';
    await request(
      '/mcp',
      mcpInit({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_writing_signals', arguments: { text } } }),
    );
    await request('/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} }));
    const [mcp, rules] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(mcp).toMatchObject({ path: '/mcp', tool: 'find_writing_signals', outcome: 'ok', unitsScanned: text.length });
    expect(mcp!.signals).toBeGreaterThan(0);
    expect(rules).toMatchObject({ tool: 'get_writing_rules', unitsScanned: 0, signals: 0 });
  });

  it('writes no line that holds a unique marker of the text, over HTTP, MCP and refusals', async () => {
    const marker = `marker-${crypto.randomUUID()}`;
    const token = `token-${crypto.randomUUID()}`;
    const secured = variantEnv({ API_TOKEN: token });
    const bearer = { Authorization: `Bearer ${token}` };
    const text = `Our ${marker} is a powerful, seamless panel.`;
    const lines = captureLogLines();
    const answers = await Promise.all([
      requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text } }, bearer)),
      requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text, maxSignals: 0 } }, bearer)),
      requestWith(secured, '/v1/dispatch', dispatchInit({ name: marker, arguments: { text } }, bearer)),
      requestWith(
        secured,
        '/v1/dispatch',
        dispatchInit({ name: 'find_writing_signals', arguments: { text } }, { Authorization: `Bearer ${marker}` }),
      ),
      requestWith(
        secured,
        '/mcp',
        mcpInit({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_writing_signals', arguments: { text } } }, bearer),
      ),
      requestWith(secured, `/v1/tools?format=${marker}`, { headers: bearer }),
    ]);
    // The marker did reach the Worker: the refusals quote it back to the caller.
    expect((await Promise.all(answers.map((answer) => answer.text()))).join('\n')).toContain(marker.slice(0, 20));
    expect(lines.length).toBe(answers.length);
    expect(lines.map((line) => (JSON.parse(line) as { tool: string }).tool)).toContain('(unknown tool)');
    for (const line of lines) {
      expect(line).not.toContain(marker);
      expect(line).not.toContain(token);
    }
  });

  it('writes a share of the lines at REQUEST_LOG_SAMPLE_RATE, and every 5xx line', async () => {
    const quiet = variantEnv({ REQUEST_LOG_SAMPLE_RATE: '0' });
    const failingKv = { get: () => Promise.reject(new Error('kv down')) };
    const quietBroken = variantEnv({ REQUEST_LOG_SAMPLE_RATE: '0', EVIDENCE: failingKv });
    const lines = captureLogLines();
    for (let i = 0; i < 5; i += 1) await requestWith(quiet, '/v1/tools');
    expect(lines).toEqual([]);
    const evidence = dispatchInit({
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' },
    });
    expect((await requestWith(quietBroken, '/v1/dispatch', evidence)).status).toBe(502);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ outcome: 'host-evidence-failed', status: 502, sampleRate: 0 }),
    ]);

    // At 0.5 the Worker writes about half of the lines (binomial: 400 ± 4.5σ).
    const half = variantEnv({ REQUEST_LOG_SAMPLE_RATE: '0.5' });
    lines.length = 0;
    for (let i = 0; i < 800; i += 1) await requestWith(half, '/healthz');
    expect(lines.length).toBeGreaterThan(400 - 64);
    expect(lines.length).toBeLessThan(400 + 64);
    expect(JSON.parse(lines[0]!)).toMatchObject({ sampleRate: 0.5 });
  });

  it('logs the error code of a refused call', async () => {
    const lines = captureLogLines();
    await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text: 'x', maxSignals: 0 } }));
    expect(JSON.parse(lines[0]!)).toMatchObject({ tool: 'find_writing_signals', outcome: 'invalid-arguments', status: 400 });
  });

  it('never logs the reviewed text, the token or the Authorization header', async () => {
    const token = 'log-check-token-91c2';
    const secured = variantEnv({ API_TOKEN: token });
    const text = 'Confidential draft sentence 7f3a.';
    const lines = captureLogLines();
    await requestWith(
      secured,
      '/v1/dispatch',
      dispatchInit({ name: 'find_writing_signals', arguments: { text } }, { Authorization: `Bearer ${token}` }),
    );
    await requestWith(
      secured,
      '/v1/dispatch',
      dispatchInit({ name: 'find_writing_signals', arguments: { text } }, { Authorization: 'Bearer wrong-token-x' }),
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('7f3a');
      expect(line).not.toContain(token);
      expect(line).not.toContain('wrong-token-x');
    }
    expect(JSON.parse(lines[1]!)).toMatchObject({ outcome: 'unauthorized', status: 401 });
  });
});
