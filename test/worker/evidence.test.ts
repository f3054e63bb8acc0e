/// <reference types="vite/client" />
// Evidence from the EVIDENCE namespace: each storage outcome mapped as
// docs/api-reference.md#errors says, the example files valid under the example [vars], and no writes.
import { beforeAll, describe, expect, it } from 'vitest';
import deExample from '../../examples/evidence/de-public-docs.json';
import enExample from '../../examples/evidence/en-public-docs.json';
import exampleReadme from '../../examples/evidence/README.md?raw';
import { baseEnv, dispatchInit, errorOf, request, requestWith, variantEnv } from './helpers';

const COHORT = 'public-docs-example-v1';
type Profile = 'public-docs' | 'technical-reference' | 'product-copy' | 'agent-report';

const evidenceCall = (language: 'en' | 'de', profile: Profile, cohortId = COHORT) =>
  dispatchInit({ name: 'get_model_comparison_evidence', arguments: { language, profile, role: 'reviewer', cohortId } });

const key = (language: string, profile: Profile) => `evidence/${language}/${profile}/reviewer/${COHORT}`;

beforeAll(async () => {
  // Test setup writes through the binding; the Worker under test only reads.
  await baseEnv.EVIDENCE.put(key('en', 'public-docs'), JSON.stringify(enExample));
  await baseEnv.EVIDENCE.put(key('de', 'public-docs'), JSON.stringify(deExample));
  await baseEnv.EVIDENCE.put(key('en', 'technical-reference'), '{"status": "available", ');
  await baseEnv.EVIDENCE.put(
    key('en', 'product-copy'),
    JSON.stringify({
      ...enExample,
      query: { ...enExample.query, profile: 'product-copy' },
      bestValue: { ...enExample.bestValue, modelId: 'unknown-model' },
    }),
  );
  // Valid evidence, but for another scope than the key it is stored under.
  await baseEnv.EVIDENCE.put(key('en', 'agent-report'), JSON.stringify(enExample));
});

describe('evidence from KV', () => {
  it('serves stored evidence as the envelope data', async () => {
    const response = await request('/v1/dispatch', evidenceCall('en', 'public-docs'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; data: unknown };
    expect(body.ok).toBe(true);
    expect(body.data).toEqual(enExample);
  });

  it('serves the German example with value evidence only', async () => {
    const response = await request('/v1/dispatch', evidenceCall('de', 'public-docs'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { status: string; highestDetection: unknown } };
    expect(body.data).toMatchObject({ status: 'available', highestDetection: null });
  });

  it('answers evidence-missing for a key that holds nothing', async () => {
    const response = await request('/v1/dispatch', evidenceCall('de', 'technical-reference'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      status: 'evidence-missing',
      query: { language: 'de', profile: 'technical-reference', role: 'reviewer', cohortId: COHORT },
      bestValue: null,
      highestDetection: null,
      sources: [],
      limitations: [],
    });
    // Worded in the query's language, naming the cause: nothing stored for this scope.
    expect(body.data.explanation).toMatch(/^Es liegen keine Belege für einen Modellvergleich vor: .*hinterlegt\.$/);
  });

  it('answers 502 invalid-host-evidence for a value that is not JSON', async () => {
    const response = await request('/v1/dispatch', evidenceCall('en', 'technical-reference'));
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({ tool: 'get_model_comparison_evidence', code: 'invalid-host-evidence' });
  });

  it('answers 502 invalid-host-evidence for a model outside MODEL_IDS', async () => {
    const response = await request('/v1/dispatch', evidenceCall('en', 'product-copy'));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe('invalid-host-evidence');
  });

  it('answers 502 invalid-host-evidence for evidence of another scope', async () => {
    const response = await request('/v1/dispatch', evidenceCall('en', 'agent-report'));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe('invalid-host-evidence');
  });

  it('answers 502 host-evidence-failed when KV fails, without its error text', async () => {
    const failing = variantEnv({ EVIDENCE: { get: () => Promise.reject(new Error('KV GET failed: 503 storage-unavailable')) } });
    const response = await requestWith(failing, '/v1/dispatch', evidenceCall('en', 'public-docs'));
    expect(response.status).toBe(502);
    const error = await errorOf(response);
    expect(error).toMatchObject({ tool: 'get_model_comparison_evidence', code: 'host-evidence-failed' });
    expect(error.message).not.toContain('storage-unavailable');
  });

  it('answers 400 invalid-arguments for a cohort outside COHORT_IDS', async () => {
    const response = await request('/v1/dispatch', evidenceCall('en', 'public-docs', 'other-cohort'));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('invalid-arguments');
  });
});

describe('read-only access', () => {
  it('never calls anything on EVIDENCE but get, and reads once per evidence call only', async () => {
    const used: string[] = [];
    let reads = 0;
    const spy = new Proxy(baseEnv.EVIDENCE, {
      get(target, property, receiver) {
        used.push(String(property));
        const value = Reflect.get(target, property, receiver);
        if (property === 'get' && typeof value === 'function') {
          return (...args: unknown[]) => {
            reads += 1;
            return Reflect.apply(value, target, args);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const watched = variantEnv({ EVIDENCE: spy });
    const calls = [
      evidenceCall('en', 'public-docs'),
      evidenceCall('de', 'technical-reference'),
      evidenceCall('en', 'technical-reference'),
      dispatchInit({ name: 'get_writing_rules', arguments: { detail: 'full' } }),
      dispatchInit({ name: 'compose_writing_review_prompt', arguments: {} }),
      dispatchInit({ name: 'find_writing_signals', arguments: { text: 'It is worth noting that this is powerful.' } }),
    ];
    // Reads per request: the app's setup checks EVIDENCE.get but calls nothing.
    const readsPerRequest: number[] = [];
    for (const init of calls) {
      const before = reads;
      await requestWith(watched, '/v1/dispatch', init);
      readsPerRequest.push(reads - before);
    }
    const before = reads;
    await requestWith(watched, '/v1/tools');
    readsPerRequest.push(reads - before);
    expect(readsPerRequest).toEqual([1, 1, 1, 0, 0, 0, 0]);
    expect(new Set(used.filter((name) => name !== 'then'))).toEqual(new Set(['get']));
  });

  it('leaves the namespace with exactly the keys the tests put', async () => {
    await request('/v1/dispatch', evidenceCall('de', 'agent-report'));
    const listed = await baseEnv.EVIDENCE.list();
    expect(listed.keys.map((entry) => entry.name).sort()).toEqual(
      [
        key('de', 'public-docs'),
        key('en', 'agent-report'),
        key('en', 'product-copy'),
        key('en', 'public-docs'),
        key('en', 'technical-reference'),
      ].sort(),
    );
  });
});

describe('KV reads', () => {
  const readsWith = async (overrides: Record<string, unknown>, removed: string[] = []) => {
    const reads: unknown[][] = [];
    const recording = {
      get: (...args: unknown[]) => {
        reads.push(args);
        return Promise.resolve(null);
      },
    };
    await requestWith(variantEnv({ ...overrides, EVIDENCE: recording }, removed), '/v1/dispatch', evidenceCall('de', 'agent-report'));
    return reads;
  };

  it('read text at the documented key with a 300 second cache TTL when EVIDENCE_CACHE_TTL_SECONDS is unset', async () => {
    expect(await readsWith({}, ['EVIDENCE_CACHE_TTL_SECONDS'])).toEqual([
      [`evidence/de/agent-report/reviewer/${COHORT}`, { type: 'text', cacheTtl: 300 }],
    ]);
  });

  it('read with the cache TTL the host set, down to the 60 seconds KV allows', async () => {
    for (const seconds of [60, 3600]) {
      expect(await readsWith({ EVIDENCE_CACHE_TTL_SECONDS: String(seconds) })).toEqual([
        [`evidence/de/agent-report/reviewer/${COHORT}`, { type: 'text', cacheTtl: seconds }],
      ]);
    }
  });
});

describe('example evidence files', () => {
  it('cite the example README by its current SHA-256', async () => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(exampleReadme));
    const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    for (const example of [enExample, deExample]) {
      expect(example.sources.map((source) => source.sha256)).toEqual([hex]);
    }
  });

  it('say they are example data, not a measurement', () => {
    for (const example of [enExample, deExample]) {
      expect(example.explanation).toContain('Example data for local runs; not a measurement.');
      expect(example.limitations.join(' ')).toContain('not a measurement');
    }
  });
});
