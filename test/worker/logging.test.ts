// One structured log line per request, without the reviewed text or secrets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchInit, request, requestWith, variantEnv } from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

function captureLogLines() {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return lines;
}

describe('request log', () => {
  it('writes one JSON line with request id, tool, outcome and duration', async () => {
    const lines = captureLogLines();
    const response = await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.' } }));
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
    await requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text } }, { Authorization: `Bearer ${token}` }));
    await requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text } }, { Authorization: 'Bearer wrong-token-x' }));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('7f3a');
      expect(line).not.toContain(token);
      expect(line).not.toContain('wrong-token-x');
    }
    expect(JSON.parse(lines[1]!)).toMatchObject({ outcome: 'unauthorized', status: 401 });
  });
});
