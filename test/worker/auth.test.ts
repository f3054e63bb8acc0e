// Optional bearer token: with API_TOKEN set, /v1/* needs it; /healthz stays open.
import { describe, expect, it } from 'vitest';
import { dispatchInit, errorOf, requestWith, variantEnv } from './helpers';

const TOKEN = 'test-token-4f1c2a9e';
const secured = variantEnv({ API_TOKEN: TOKEN });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('bearer token', () => {
  it('answers 401 unauthorized without an Authorization header', async () => {
    for (const [path, init] of [['/v1/tools', {}], ['/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} })]] as const) {
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
