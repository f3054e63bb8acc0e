// Optional bearer token: with API_TOKEN set, every path needs it but the review
// page and /healthz.
import { describe, expect, it } from 'vitest';
import { createApp, OPEN_PATHS } from '../../src/worker/app';
import { parseHostConfig } from '../../src/worker/config';
import type { ToolDispatcher } from '../../src/worker/routes/dispatch';
import { dispatchInit, errorOf, requestWith, variantEnv } from './helpers';

const TOKEN = 'test-token-4f1c2a9e';
const secured = variantEnv({ API_TOKEN: TOKEN });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('bearer token', () => {
  it('answers 401 unauthorized without an Authorization header', async () => {
    for (const [path, init] of [
      ['/v1/tools', {}],
      ['/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} })],
    ] as const) {
      const response = await requestWith(secured, path, init);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'unauthorized' });
    }
  });

  it('answers 401 for a wrong token, a prefix of it, or another scheme', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, 'Bearer ']) {
      const response = await requestWith(secured, '/v1/tools', { headers: { Authorization: authorization } });
      expect(response.status, authorization).toBe(401);
    }
  });

  it('lets the right token through', async () => {
    const response = await requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} }, bearer(TOKEN)));
    expect(response.status).toBe(200);
  });

  it('keeps the descriptor list out of shared caches', async () => {
    const response = await requestWith(secured, '/v1/tools', { headers: bearer(TOKEN) });
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=300');
  });

  it('checks the token before the body', async () => {
    const response = await requestWith(secured, '/v1/dispatch', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(response.status).toBe(401);
  });

  it('leaves /healthz open', async () => {
    const response = await requestWith(secured, '/healthz');
    expect(response.status).toBe(200);
  });
});

// The token is applied once, in front of every route, so a route added later
// cannot be left open by mistake: only the page and the health check are open.
describe('bearer token for every route but the open ones', () => {
  const config = parseHostConfig(secured);
  const dispatcher = { dispatch: async () => ({ ok: true as const, tool: 'x', data: {} }) } as unknown as ToolDispatcher;

  it('guards a route registered after the app was built', async () => {
    const app = createApp({ config, dispatcher });
    app.get('/v1/added-later', (c) => c.json({ secret: true }));
    const refused = await app.request('/v1/added-later');
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: 'unauthorized' });
    const allowed = await app.request('/v1/added-later', { headers: bearer(TOKEN) });
    expect(await allowed.json()).toEqual({ secret: true });
  });

  it('guards /mcp and /openapi.json, and an unknown path answers 401 before 404', async () => {
    for (const [path, init] of [
      ['/mcp', { method: 'POST' }],
      ['/openapi.json', {}],
      ['/nowhere', {}],
    ] as const) {
      const response = await requestWith(secured, path, init);
      expect(response.status, path).toBe(401);
    }
    expect((await requestWith(secured, '/nowhere', { headers: bearer(TOKEN) })).status).toBe(404);
  });

  it('leaves exactly the page and the health check open', async () => {
    expect([...OPEN_PATHS]).toEqual(['/', '/healthz']);
    for (const path of OPEN_PATHS) expect((await requestWith(secured, path)).status, path).toBe(200);
  });
});
