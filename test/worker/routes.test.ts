// GET /v1/tools, GET /healthz, POST /v1/dispatch and the JSON 404/405 answers,
// through the Worker configured by wrangler.toml.
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { describe, expect, it } from 'vitest';
import { baseEnv, dispatchInit, errorOf, request } from './helpers';
import { catalogueVersion } from '../../src/core/index';
import { createApp } from '../../src/worker/app';
import { parseHostConfig } from '../../src/worker/config';
import type { ToolDispatcher } from '../../src/worker/routes/dispatch';

const TOOL_NAMES = ['get_writing_rules', 'compose_writing_review_prompt', 'find_writing_signals', 'get_model_comparison_evidence'];

describe('GET /healthz', () => {
  it('answers ok with the catalogue version, uncached', async () => {
    const response = await request('/healthz');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const body = (await response.json()) as { ok: boolean; catalogueVersion: string };
    expect(body.ok).toBe(true);
    expect(body.catalogueVersion).toMatch(/^.+\+.+$/);
  });
});

describe('GET /v1/tools', () => {
  it('lists the four descriptors in order with the catalogue version', async () => {
    const response = await request('/v1/tools');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { catalogueVersion: string; tools: { name: string }[] };
    expect(body.tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    const health = (await (await request('/healthz')).json()) as { catalogueVersion: string };
    expect(body.catalogueVersion).toBe(health.catalogueVersion);
  });

  it('sends a strong ETag and a public cache lifetime', async () => {
    const response = await request('/v1/tools');
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
  });

  it('answers 304 without a body when If-None-Match holds the ETag', async () => {
    const etag = (await request('/v1/tools')).headers.get('ETag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await request('/v1/tools', { headers: { 'If-None-Match': header } });
      expect(response.status, header).toBe(304);
      expect(await response.text()).toBe('');
      expect(response.headers.get('ETag')).toBe(etag);
    }
  });

  it('answers 200 when If-None-Match holds another tag', async () => {
    const response = await request('/v1/tools', { headers: { 'If-None-Match': '"stale"' } });
    expect(response.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await request('/v1/tools', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await response.text()).toBe('');
  });
});

describe('POST /v1/dispatch', () => {
  it('answers 200 with the envelope of a successful call', async () => {
    const response = await request(
      '/v1/dispatch',
      dispatchInit({
        name: 'find_writing_signals',
        arguments: { text: 'A powerful review panel.', language: 'en', ruleIds: ['word-choice'] },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      ok: boolean;
      tool: string;
      data: { signals: { quote: string; start: number; end: number }[] };
    };
    expect(body.ok).toBe(true);
    expect(body.tool).toBe('find_writing_signals');
    expect(body.data.signals.map((signal) => signal.quote)).toEqual(['powerful']);
    expect(body.data.signals[0]).toMatchObject({ start: 2, end: 10 });
  });

  it('gives each signal its level, leaves suggestions out with minLevel warning, and counts by level', async () => {
    const text = 'Please note the panel is stunning.';
    const find = async (extra: Record<string, unknown>) => {
      const response = await request(
        '/v1/dispatch',
        dispatchInit({ name: 'find_writing_signals', arguments: { text, ruleIds: ['meta-framing', 'word-choice'], ...extra } }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { signals: { quote: string; level: string }[]; coverage: { signalsByLevel: unknown } } })
        .data;
    };
    const all = await find({});
    expect(all.signals.map((s) => [s.quote, s.level])).toEqual([
      ['Please note', 'suggestion'],
      ['stunning', 'warning'],
    ]);
    expect(all.coverage.signalsByLevel).toEqual({ warning: 1, suggestion: 1 });
    const warnings = await find({ minLevel: 'warning' });
    expect(warnings.signals.map((s) => [s.quote, s.level])).toEqual([['stunning', 'warning']]);
    expect(warnings.coverage.signalsByLevel).toEqual({ warning: 1, suggestion: 0 });
    const bad = await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text, minLevel: 'info' } }));
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatchObject({
      code: 'invalid-arguments',
      message: "minLevel must be 'warning' or 'suggestion' (got 'info')",
    });
  });

  it('composes a prompt with the review context from [vars]', async () => {
    const response = await request('/v1/dispatch', dispatchInit({ name: 'compose_writing_review_prompt', arguments: { maxFindings: 3 } }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { prompt: string } };
    expect(body.data.prompt).toContain('Developers reading the setup guide of a command-line tool');
  });

  it('answers 400 unknown-tool with the requested name', async () => {
    const response = await request('/v1/dispatch', dispatchInit({ name: 'rewrite_text', arguments: {} }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: 'rewrite_text', code: 'unknown-tool' });
  });

  it('answers 400 invalid-arguments for an argument out of bounds', async () => {
    const response = await request(
      '/v1/dispatch',
      dispatchInit({ name: 'find_writing_signals', arguments: { text: 'x', maxSignals: 501 } }),
    );
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ tool: 'find_writing_signals', code: 'invalid-arguments' });
    expect(error.message).toContain('maxSignals');
  });

  it('answers 400 invalid-request with tool "" for a body that is not JSON', async () => {
    for (const body of ['{"name": ', '', '\u00ff']) {
      const response = await request('/v1/dispatch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'invalid-request' });
    }
  });

  it('answers 400 unknown-tool for JSON that is not a call', async () => {
    const response = await request('/v1/dispatch', dispatchInit([1, 2]));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ tool: '', code: 'unknown-tool' });
  });

  it('answers 415 for a body that is not JSON by media type', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const headers: Record<string, string> = type === '' ? {} : { 'Content-Type': type };
      const response = await request('/v1/dispatch', { method: 'POST', headers, body: '{"name":"get_writing_rules","arguments":{}}' });
      expect(response.status, type).toBe(415);
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'unsupported-media-type' });
    }
  });

  it('accepts a JSON media type with a charset parameter', async () => {
    const response = await request('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":"get_writing_rules","arguments":{}}',
    });
    expect(response.status).toBe(200);
  });
});

describe('GET /', () => {
  it('serves the review page as HTML under a strict CSP', async () => {
    const response = await request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    const html = await response.text();
    expect(html).toContain('<tool name="find_writing_signals"');
    expect(html).toContain(catalogueVersion);
  });

  it('answers 405 for other methods', async () => {
    const response = await request('/', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });
});

describe('unknown paths and wrong methods', () => {
  it('answers 404 not-found as JSON', async () => {
    for (const path of ['/index.html', '/v1/unknown', '/v2/tools']) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'not-found' });
    }
  });

  it('names an unknown path quoted, cut and printable, as every echoed value', async () => {
    const response = await request(`/a%0Ab%1B%5B31m${'x'.repeat(6000)}`);
    const { message } = await errorOf(response);
    expect(message).toMatch(/^No endpoint at '\/a\\u\{a\}b\\u\{1b\}\[31mx+…'\. The service answers exactly these paths: GET \/ /);
    expect(message.length).toBeLessThan(300);
  });

  it('answers 405 method-not-allowed with Allow', async () => {
    const cases: [string, string, string][] = [
      ['/v1/dispatch', 'GET', 'POST'],
      ['/v1/dispatch', 'PUT', 'POST'],
      ['/v1/tools', 'POST', 'GET, HEAD'],
      ['/v1/tools', 'DELETE', 'GET, HEAD'],
      ['/healthz', 'POST', 'GET, HEAD'],
    ];
    for (const [path, method, allow] of cases) {
      const response = await request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('Allow')).toBe(allow);
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'method-not-allowed' });
    }
  });

  it('gives every answer a request id', async () => {
    const response = await request('/nowhere');
    expect(response.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// hono's own middleware throws HTTPException; the one error handler answers it
// with the envelope like every other refusal, so no route needs its own mapping.
describe('HTTPException from any route or middleware', () => {
  const dispatcher = { dispatch: async () => ({ ok: true as const, tool: 'x', data: {} }) } as unknown as ToolDispatcher;
  const app = createApp({ config: parseHostConfig(baseEnv), dispatcher });
  app.post('/test/limited', bodyLimit({ maxSize: 4 }), (c) => c.text('read'));
  app.get('/test/refused', () => {
    throw new HTTPException(415, { message: 'Only JSON here.' });
  });
  app.get('/test/teapot', () => {
    throw new HTTPException(418);
  });

  it('answers hono bodyLimit’s own 413 as body-too-large', async () => {
    const response = await app.request('/test/limited', { method: 'POST', body: 'too long' });
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'body-too-large' });
  });

  it('keeps the status and message of an HTTPException the API has a code for', async () => {
    const response = await app.request('/test/refused');
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatchObject({ code: 'unsupported-media-type', message: 'Only JSON here.' });
  });

  it('answers any other status as 500 internal-error', async () => {
    const response = await app.request('/test/teapot');
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toMatchObject({ code: 'internal-error' });
  });
});
