// CORS allowlist from CORS_ORIGINS: only listed origins get CORS headers.
import { describe, expect, it } from 'vitest';
import { dispatchInit, request, requestWith, variantEnv } from './helpers';

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
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, authorization' },
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
    const response = await requestWith(closed, '/v1/dispatch', dispatchInit({ name: 'get_writing_rules', arguments: {} }, { Origin: ALLOWED }));
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
