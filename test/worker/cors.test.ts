// CORS allowlist from CORS_ORIGINS: only listed origins get CORS headers.
import { describe, expect, it } from 'vitest';
import { dispatchInit, errorOf, request, requestWith, variantEnv } from './helpers';

// wrangler.toml lists http://localhost:5173.
const ALLOWED = 'http://localhost:5173';

describe('CORS', () => {
  it('allows a listed origin and exposes ETag', async () => {
    const response = await request('/v1/tools', { headers: { Origin: ALLOWED } });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED);
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('ETag');
    expect(response.headers.get('Vary')).toContain('Origin');
  });

  it('gives an unlisted origin no CORS headers', async () => {
    const response = await request('/v1/tools', { headers: { Origin: 'https://elsewhere.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('answers a preflight from a listed origin', async () => {
    const response = await request('/v1/dispatch', {
      method: 'OPTIONS',
      headers: {
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(ALLOWED);
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
  });

  it('answers a preflight without a token when API_TOKEN is set', async () => {
    const secured = variantEnv({ API_TOKEN: 'preflight-token' });
    const response = await requestWith(secured, '/v1/dispatch', {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
  });

  it('sends no CORS headers when CORS_ORIGINS is unset', async () => {
    const closed = variantEnv({}, ['CORS_ORIGINS']);
    const response = await requestWith(
      closed,
      '/v1/dispatch',
      dispatchInit({ name: 'get_writing_rules', arguments: {} }, { Origin: ALLOWED }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('lets a listed origin read error answers too: 401, 413 and 404 carry its CORS headers', async () => {
    const secured = variantEnv({ API_TOKEN: 'cors-error-token' });
    const answers = [
      await requestWith(secured, '/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} }, { Origin: ALLOWED })),
      await request('/v1/dispatch', {
        method: 'POST',
        headers: { Origin: ALLOWED, 'Content-Type': 'application/json' },
        body: ' '.repeat(1_048_577),
      }),
      await request('/nowhere', { headers: { Origin: ALLOWED } }),
    ];
    expect(answers.map((response) => response.status)).toEqual([401, 413, 404]);
    for (const response of answers) {
      expect(response.headers.get('Access-Control-Allow-Origin'), String(response.status)).toBe(ALLOWED);
      expect((await errorOf(response)).ok).toBe(false);
    }
  });

  it('answers OPTIONS without a listed origin as the route would, not as a preflight', async () => {
    const cases: Record<string, string>[] = [{}, { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' }];
    for (const headers of cases) {
      const response = await request('/v1/dispatch', { method: 'OPTIONS', headers });
      expect(response.status).toBe(405);
      expect(response.headers.get('Access-Control-Allow-Methods')).toBeNull();
      expect(response.headers.get('Access-Control-Max-Age')).toBeNull();
      expect(await errorOf(response)).toMatchObject({ ok: false, tool: '', code: 'method-not-allowed' });
    }
  });

  it('marks every answer Vary: Origin, so a shared cache keeps origins apart', async () => {
    const cases: Record<string, string>[] = [{}, { Origin: ALLOWED }, { Origin: 'https://elsewhere.example' }];
    for (const headers of cases) {
      const response = await request('/v1/tools', { headers });
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(response.headers.get('Vary')).toContain('Origin');
    }
  });
});
