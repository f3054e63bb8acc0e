// Host configuration from env: validated once, bad values answered with 500
// invalid-config naming the variable (never a secret's value).
import { describe, expect, it, vi } from 'vitest';
import { createWorkerHandler } from '../../src/worker/app';
import { ORIGIN, baseEnv, dispatchInit, errorOf, requestWith, variantEnv } from './helpers';

const compose = dispatchInit({ name: 'compose_writing_review_prompt', arguments: {} });

describe('host configuration', () => {
  it('answers 503 context-missing when REVIEW_AUDIENCE and REVIEW_GOAL are unset', async () => {
    const noContext = variantEnv({}, ['REVIEW_AUDIENCE', 'REVIEW_GOAL']);
    const response = await requestWith(noContext, '/v1/dispatch', compose);
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ ok: false, tool: 'compose_writing_review_prompt', code: 'context-missing' });
  });

  const badValues: [string, Record<string, unknown>, string[]][] = [
    ['REVIEW_AUDIENCE', { REVIEW_AUDIENCE: 'Developers\u0007' }, []],
    ['REVIEW_AUDIENCE', { REVIEW_AUDIENCE: 'Developers\u200B reading' }, []],
    ['REVIEW_GOAL', { REVIEW_GOAL: 'x'.repeat(4001) }, []],
    ['REVIEW_GOAL', {}, ['REVIEW_GOAL']],
    ['REVIEW_AUDIENCE', { REVIEW_AUDIENCE: '' }, []],
    ['REVIEW_GOAL', { REVIEW_GOAL: 'Install\u202Ethe tool' }, []],
    ['REVIEW_GOAL', { REVIEW_GOAL: 'Install\u2028the tool' }, []],
    ['MODEL_IDS', { MODEL_IDS: 'model-a,model-a' }, []],
    ['MODEL_IDS', { MODEL_IDS: 'model-a,,model-b' }, []],
    ['COHORT_IDS', { COHORT_IDS: 'c'.repeat(201) }, []],
    // 200 units, but 600 bytes of UTF-8: its KV key would pass the 512-byte limit.
    ['COHORT_IDS', { COHORT_IDS: 'ü'.repeat(10) + '€'.repeat(190) }, []],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://app.example/path' }, []],
    ['CORS_ORIGINS', { CORS_ORIGINS: '*' }, []],
    ['EVIDENCE_CACHE_TTL_SECONDS', { EVIDENCE_CACHE_TTL_SECONDS: 'five minutes' }, []],
    // KV refuses a cacheTtl under 60 seconds.
    ['EVIDENCE_CACHE_TTL_SECONDS', { EVIDENCE_CACHE_TTL_SECONDS: '30' }, []],
    ['EVIDENCE_CACHE_TTL_SECONDS', { EVIDENCE_CACHE_TTL_SECONDS: '90.5' }, []],
    ['EVIDENCE_CACHE_TTL_SECONDS', { EVIDENCE_CACHE_TTL_SECONDS: '86401' }, []],
    ['EVIDENCE_CACHE_TTL_SECONDS', { EVIDENCE_CACHE_TTL_SECONDS: '' }, []],
    ['REQUEST_LOG_SAMPLE_RATE', { REQUEST_LOG_SAMPLE_RATE: 'often' }, []],
    ['REQUEST_LOG_SAMPLE_RATE', { REQUEST_LOG_SAMPLE_RATE: '1.5' }, []],
    ['REQUEST_LOG_SAMPLE_RATE', { REQUEST_LOG_SAMPLE_RATE: '-0.1' }, []],
    ['REQUEST_LOG_SAMPLE_RATE', { REQUEST_LOG_SAMPLE_RATE: '10%' }, []],
    ['REQUEST_LOG_SAMPLE_RATE', { REQUEST_LOG_SAMPLE_RATE: '1e-1' }, []],
  ];

  for (const [variable, overrides, removed] of badValues) {
    it(`answers 500 invalid-config naming ${variable} for ${JSON.stringify(overrides).slice(0, 60)}`, async () => {
      const response = await requestWith(variantEnv(overrides, removed), '/v1/tools');
      expect(response.status).toBe(500);
      const error = await errorOf(response);
      expect(error).toMatchObject({ ok: false, tool: '', code: 'invalid-config' });
      expect(error.message).toContain(variable);
    });
  }

  it('states the bounds of EVIDENCE_CACHE_TTL_SECONDS and REQUEST_LOG_SAMPLE_RATE and quotes the value', async () => {
    const ttl = await errorOf(await requestWith(variantEnv({ EVIDENCE_CACHE_TTL_SECONDS: '30' }), '/v1/tools'));
    expect(ttl.message).toBe(
      "EVIDENCE_CACHE_TTL_SECONDS must be a whole number of seconds from 60 (the least KV allows) to 86400, not '30'.",
    );
    const rate = await errorOf(await requestWith(variantEnv({ REQUEST_LOG_SAMPLE_RATE: '1.5' }), '/v1/tools'));
    expect(rate.message).toBe("REQUEST_LOG_SAMPLE_RATE must be a decimal number from 0 to 1 such as 0.1, not '1.5'.");
  });

  it('quotes a repeated ID cut to 40 units, like every echoed value', async () => {
    const id = 'm'.repeat(150);
    const response = await requestWith(variantEnv({ MODEL_IDS: `${id},${id}` }), '/v1/tools');
    expect((await errorOf(response)).message).toBe(`MODEL_IDS must not repeat '${'m'.repeat(40)}…'.`);
  });

  it('names API_TOKEN without repeating its value', async () => {
    const secret = 'secret value with spaces';
    const response = await requestWith(variantEnv({ API_TOKEN: secret }), '/healthz');
    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.message).toContain('API_TOKEN');
    expect(error.message).not.toContain(secret);
  });

  it('names EVIDENCE when the binding is missing', async () => {
    const response = await requestWith(variantEnv({}, ['EVIDENCE']), '/v1/tools');
    expect(response.status).toBe(500);
    expect((await errorOf(response)).message).toContain('EVIDENCE');
  });

  it('treats unset MODEL_IDS as no models: evidence-missing', async () => {
    const noModels = variantEnv({}, ['MODEL_IDS']);
    const response = await requestWith(
      noModels,
      '/v1/dispatch',
      dispatchInit({
        name: 'get_model_comparison_evidence',
        arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { status: string; bestValue: unknown } };
    expect(body.data).toMatchObject({ status: 'evidence-missing', bestValue: null });
  });

  it('accepts line breaks in REVIEW_AUDIENCE and REVIEW_GOAL, and 4000 units each', async () => {
    const audience = 'Developers\nreading the setup guide\r\nof a command-line tool';
    const goal = 'g'.repeat(4000);
    const response = await requestWith(variantEnv({ REVIEW_AUDIENCE: audience, REVIEW_GOAL: goal }), '/v1/dispatch', compose);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { segments: { source: string; text: string }[] } };
    const host = body.data.segments
      .filter((segment) => segment.source === 'host')
      .map((segment) => segment.text)
      .join('\n');
    expect(host).toContain(audience);
    expect(host).toContain(goal);
  });

  const evidence = dispatchInit({
    name: 'get_model_comparison_evidence',
    arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' },
  });

  it('treats an empty MODEL_IDS as no models: evidence-missing', async () => {
    const response = await requestWith(variantEnv({ MODEL_IDS: '' }), '/v1/dispatch', evidence);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toMatchObject({
      status: 'evidence-missing',
      bestValue: null,
      highestDetection: null,
      sources: [],
    });
  });

  it('treats an unset or empty COHORT_IDS as no cohorts: every evidence call is invalid-arguments', async () => {
    for (const variant of [variantEnv({ COHORT_IDS: '' }), variantEnv({}, ['COHORT_IDS'])]) {
      const response = await requestWith(variant, '/v1/dispatch', evidence);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ tool: 'get_model_comparison_evidence', code: 'invalid-arguments' });
    }
  });

  it('validates once per env object: one invalid-config report for many requests', async () => {
    const reports: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void reports.push(String(line)));
    const broken = variantEnv({ MODEL_IDS: 'once-a,once-a' });
    for (let i = 0; i < 3; i += 1) expect((await requestWith(broken, '/healthz')).status).toBe(500);
    spy.mockRestore();
    expect(reports.filter((line) => line.includes('"invalid-config"'))).toHaveLength(1);
    expect(JSON.parse(reports[0]!)).toMatchObject({ event: 'invalid-config', variable: 'MODEL_IDS' });
  });

  // Bug (worker): any error but ConfigError thrown while building the app
  // escaped fetch (a non-JSON 1101 on Cloudflare) and was retried every request.
  it('answers 500 internal-error JSON when building the app fails, logging once without the error text', async () => {
    const secret = 'token=build-failure-secret-3f';
    const handler = createWorkerHandler({
      mcpRoutes: () => {
        throw new Error(`route setup failed: ${secret}`);
      },
    });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const env = variantEnv({});
    const reports: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void reports.push(String(line)));
    const responses: Response[] = [];
    try {
      for (const path of ['/healthz', '/v1/tools', '/mcp']) {
        const incoming = new Request(`${ORIGIN}${path}`) as Parameters<typeof handler.fetch>[0];
        responses.push(await handler.fetch(incoming, env, ctx));
      }
    } finally {
      spy.mockRestore();
    }
    for (const response of responses.slice(0, 2)) {
      expect(response.status).toBe(500);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      const error = await errorOf(response);
      expect(error).toMatchObject({ ok: false, tool: '', code: 'internal-error' });
      expect(error.message).not.toContain(secret);
    }
    // /mcp answers the same refusal as a JSON-RPC error, as an MCP client reads it.
    const mcp = responses[2]!;
    expect(mcp.status).toBe(500);
    const rpc = (await mcp.json()) as { jsonrpc: string; id: null; error: { code: number; message: string; data: { code: string } } };
    expect(rpc).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'internal-error' } } });
    expect(rpc.error.message).not.toContain(secret);
    const failures = reports.filter((line) => line.includes('"app-build-failed"'));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!)).toEqual({ event: 'app-build-failed', error: 'Error' });
    expect(reports.join('\n')).not.toContain(secret);
    // The same env still serves normally through the shipped handler.
    expect((await requestWith(baseEnv, '/healthz')).status).toBe(200);
  });
});
