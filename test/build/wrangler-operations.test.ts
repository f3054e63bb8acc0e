// The operations blocks of the shipped wrangler.toml, read with wrangler's own
// reader: the binding names the Worker looks for, periods the Rate Limiting
// binding accepts, Workers Logs on, and example values the Worker accepts.
// The Worker tests raise the rate limits (vitest.config.ts), so this is where
// the shipped blocks are checked.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { experimental_readRawConfig } from 'wrangler';
import { BINDING_NAMES, parseHostConfig } from '../../src/worker/config';

const config = fileURLToPath(new URL('../../wrangler.toml', import.meta.url));
const { rawConfig } = experimental_readRawConfig({ config }) as {
  rawConfig: {
    vars?: Record<string, unknown>;
    ratelimits?: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
    version_metadata?: { binding: string };
    observability?: { enabled?: boolean; head_sampling_rate?: number };
  };
};

describe('wrangler.toml operations blocks', () => {
  it('binds both rate-limit budgets under the names the Worker reads, in separate namespaces', () => {
    const limits = rawConfig.ratelimits ?? [];
    expect(limits.map((limit) => limit.name).sort()).toEqual([BINDING_NAMES.reads, BINDING_NAMES.toolCalls].sort());
    expect(new Set(limits.map((limit) => limit.namespace_id)).size).toBe(limits.length);
    for (const { namespace_id, simple } of limits) {
      expect(namespace_id).toMatch(/^\d+$/);
      expect([10, 60]).toContain(simple.period);
      expect(Number.isInteger(simple.limit) && simple.limit > 0).toBe(true);
    }
  });

  it('binds the version metadata and turns Workers Logs on', () => {
    expect(rawConfig.version_metadata).toEqual({ binding: BINDING_NAMES.version });
    expect(rawConfig.observability?.enabled).toBe(true);
    expect(rawConfig.observability?.head_sampling_rate).toBeGreaterThan(0);
    expect(rawConfig.observability?.head_sampling_rate).toBeLessThanOrEqual(1);
  });

  it('ships the documented defaults for the evidence cache and the log sampling', () => {
    const host = parseHostConfig(rawConfig.vars ?? {});
    expect(host.evidenceCacheTtlSeconds).toBe(300);
    expect(host.requestLogSampleRate).toBe(1);
  });
});
