// Which deployment answered: the version ID of the [version_metadata] binding
// on /healthz and in the X-Worker-Version header of every answer, next to the
// catalogue version.
import { describe, expect, it, vi } from 'vitest';
import { catalogueVersion } from '../../src/core/index';
import { baseEnv, request, requestWith, variantEnv } from './helpers';

const metadata = (baseEnv as unknown as { WORKER_VERSION: WorkerVersionMetadata }).WORKER_VERSION;

describe('version ID', () => {
  it('is bound by wrangler.toml', () => {
    expect(metadata.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('is on /healthz next to catalogueVersion', async () => {
    const response = await request('/healthz');
    expect(await response.json()).toEqual({ ok: true, catalogueVersion, versionId: metadata.id });
    expect(response.headers.get('X-Worker-Version')).toBe(metadata.id);
    expect(response.headers.get('X-Catalogue-Version')).toBe(catalogueVersion);
  });

  it('is in the headers of answers and refusals alike', async () => {
    for (const [path, status] of [
      ['/v1/tools', 200],
      ['/nowhere', 404],
      ['/openapi.json', 200],
    ] as const) {
      const response = await request(path);
      expect(response.status).toBe(status);
      expect(response.headers.get('X-Worker-Version')).toBe(metadata.id);
      expect(response.headers.get('X-Catalogue-Version')).toBe(catalogueVersion);
    }
  });

  it('is reported even when the configuration is refused, so a bad rollout shows which version it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await requestWith(variantEnv({ EVIDENCE_CACHE_TTL_SECONDS: 'soon' }), '/healthz');
    vi.restoreAllMocks();
    expect(response.status).toBe(500);
    expect(response.headers.get('X-Worker-Version')).toBe(metadata.id);
  });

  it('is null on /healthz, and no header is sent, without the binding', async () => {
    const response = await requestWith(variantEnv({}, ['WORKER_VERSION']), '/healthz');
    expect(await response.json()).toEqual({ ok: true, catalogueVersion, versionId: null });
    expect(response.headers.has('X-Worker-Version')).toBe(false);
  });
});
