// The load script's request mix: valid calls of every tool, the largest
// bodies the API allows, and hostile or invalid requests, each with the
// answer it must get. Dispatched answers are the core's own envelope for the
// same call, computed in-process with the same host configuration.
import { isDeepStrictEqual } from 'node:util';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import { parseHostConfig } from '../../src/worker/config';
import { createHostDispatcher } from '../../src/worker/host';
import type { WorkerEnv } from '../../src/worker/env';
import { MAX_BODY_BYTES } from '../../src/worker/middleware/request-body';

/** Host variables passed to `wrangler dev --var`, so both sides share one configuration. */
export const LOAD_VARS: Readonly<Record<string, string>> = {
  REVIEW_AUDIENCE: 'Operators running a load test of the review service',
  REVIEW_GOAL: 'Confirm that every answer stays correct under load',
  MODEL_IDS: 'load-model-a,load-model-b',
  COHORT_IDS: 'load-cohort-a',
  API_TOKEN: 'load-test-token-3b9f',
};

export interface LoadRequest {
  readonly label: string;
  readonly weight: number;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array;
  readonly expectedStatus: number;
  /** The exact JSON answer, when the core (or the descriptor list) defines it. */
  readonly expectedBody?: unknown;
  /** The error code, for refusals of the HTTP layer whose message is the Worker's own. */
  readonly expectedCode?: string;
}

const encoder = new TextEncoder();

const STATUS: Readonly<Record<string, number>> = {
  ok: 200,
  'unknown-tool': 400,
  'invalid-arguments': 400,
  'context-missing': 503,
  'host-evidence-failed': 502,
  'invalid-host-evidence': 502,
};

/** A long English text with many cues, exactly `units` UTF-16 units long. */
function largestText(units: number): string {
  const sentence = 'It is worth noting that this powerful tool could potentially help. 😀 Die Lösung ermöglicht das nahtlos.\n';
  return sentence.repeat(Math.ceil(units / sentence.length)).slice(0, units);
}

/** What the mix depends on in the server it runs against. */
export interface MixOptions {
  /** The server's API_TOKEN; without one, requests carry no token and the token refusals are left out. */
  readonly token: string | undefined;
  /** The version ID the server's /healthz reports. */
  readonly versionId: string | null;
}

/** The variables of the server, as `--var` arguments of `wrangler dev`. */
export function varArgs(vars: Readonly<Record<string, string>>): string[] {
  return Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
}

/** The mix, with every expected answer computed in-process. */
export async function buildMix({ token, versionId }: MixOptions): Promise<LoadRequest[]> {
  const auth: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  const json = { ...auth, 'Content-Type': 'application/json' };
  const emptyKv = { get: () => Promise.resolve(null) } as unknown as KVNamespace;
  const env = { ...LOAD_VARS, EVIDENCE: emptyKv } as unknown as WorkerEnv;
  const core = createHostDispatcher(parseHostConfig(env), env);

  const dispatched = async (label: string, weight: number, call: unknown, pad = 0): Promise<LoadRequest> => {
    const envelope = JSON.parse(JSON.stringify(await core.dispatch(call))) as { ok: boolean; error?: { code: string } };
    const text = JSON.stringify(call);
    return {
      label,
      weight,
      method: 'POST',
      path: '/v1/dispatch',
      headers: json,
      body: encoder.encode(text + ' '.repeat(Math.max(0, pad - text.length))),
      expectedStatus: STATUS[envelope.ok ? 'ok' : envelope.error!.code]!,
      expectedBody: envelope,
    };
  };
  const refused = (label: string, weight: number, init: Partial<LoadRequest>, status: number, code: string): LoadRequest => ({
    label,
    weight,
    method: 'POST',
    path: '/v1/dispatch',
    headers: json,
    ...init,
    expectedStatus: status,
    expectedCode: code,
  });
  const rulesCall = { name: 'get_writing_rules', arguments: { detail: 'full' } };

  return [
    // Valid calls.
    await dispatched('rules summary', 6, { name: 'get_writing_rules', arguments: {} }),
    await dispatched('rules full', 4, rulesCall),
    await dispatched('rules de profile', 3, { name: 'get_writing_rules', arguments: { language: 'de', profile: 'agent-report' } }),
    await dispatched('compose default', 5, { name: 'compose_writing_review_prompt', arguments: {} }),
    await dispatched('compose de', 3, {
      name: 'compose_writing_review_prompt',
      arguments: { language: 'de', profile: 'product-copy', maxFindings: 20 },
    }),
    await dispatched('signals short', 8, {
      name: 'find_writing_signals',
      arguments: { text: 'A powerful review panel. It is worth noting that it could potentially help.' },
    }),
    await dispatched('signals de', 4, {
      name: 'find_writing_signals',
      arguments: { text: 'Die Lösung ermöglicht es nahtlos.', language: 'de' },
    }),
    await dispatched('evidence missing', 4, {
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'load-cohort-a' },
    }),
    {
      label: 'tools list',
      weight: 3,
      method: 'GET',
      path: '/v1/tools',
      headers: auth,
      expectedStatus: 200,
      expectedBody: JSON.parse(JSON.stringify({ catalogueVersion, tools: writingReviewTools })) as unknown,
    },
    {
      label: 'health',
      weight: 2,
      method: 'GET',
      path: '/healthz',
      headers: {},
      expectedStatus: 200,
      expectedBody: { ok: true, catalogueVersion, versionId },
    },
    // The largest accepted requests.
    await dispatched('signals largest text', 2, {
      name: 'find_writing_signals',
      arguments: { text: largestText(250_000), maxSignals: 500 },
    }),
    await dispatched('body of exactly 1 MiB', 1, rulesCall, MAX_BODY_BYTES),
    // Invalid and hostile requests.
    await dispatched('unknown tool', 3, { name: 'rewrite_text', arguments: {} }),
    await dispatched('argument out of bounds', 3, { name: 'find_writing_signals', arguments: { text: 'x', maxSignals: 0 } }),
    await dispatched('cohort not allowed', 2, {
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'other' },
    }),
    await dispatched('__proto__ key', 2, JSON.parse('{"name":"get_writing_rules","arguments":{"__proto__":{"detail":"full"}}}')),
    await dispatched('text one unit too long', 1, { name: 'find_writing_signals', arguments: { text: 'a'.repeat(250_001) } }),
    refused('malformed JSON', 3, { body: encoder.encode('{"name":') }, 400, 'invalid-request'),
    refused('not UTF-8', 2, { body: new Uint8Array([0x7b, 0xff, 0x7d]) }, 400, 'invalid-request'),
    refused(
      'wrong media type',
      2,
      { headers: { ...auth, 'Content-Type': 'text/plain' }, body: encoder.encode(JSON.stringify(rulesCall)) },
      415,
      'unsupported-media-type',
    ),
    refused(
      'body one byte over 1 MiB',
      1,
      { body: encoder.encode(JSON.stringify(rulesCall) + ' '.repeat(MAX_BODY_BYTES + 1 - JSON.stringify(rulesCall).length)) },
      413,
      'body-too-large',
    ),
    ...(token === undefined
      ? []
      : [
          refused(
            'no token',
            2,
            { headers: { 'Content-Type': 'application/json' }, body: encoder.encode(JSON.stringify(rulesCall)) },
            401,
            'unauthorized',
          ),
          refused(
            'wrong token',
            2,
            { headers: { ...json, Authorization: 'Bearer wrong' }, body: encoder.encode(JSON.stringify(rulesCall)) },
            401,
            'unauthorized',
          ),
        ]),
    refused('wrong method', 1, { method: 'GET', headers: auth }, 405, 'method-not-allowed'),
    refused('unknown path', 1, { method: 'GET', path: '/v1/nowhere', headers: auth }, 404, 'not-found'),
  ];
}

/** What is wrong with `response` as the answer to `item`, or undefined when it is right. */
export async function answerProblem(response: Response, item: LoadRequest): Promise<string | undefined> {
  const text = await response.text();
  if (response.status >= 500) return `status ${response.status}: ${JSON.stringify(text.slice(0, 120))}`;
  if (!/^application\/json/.test(response.headers.get('content-type') ?? '')) return `not JSON: ${response.headers.get('content-type')}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body does not parse as JSON';
  }
  if (response.status !== item.expectedStatus) return `status ${response.status}, expected ${item.expectedStatus}`;
  if (item.expectedBody !== undefined && !isDeepStrictEqual(body, item.expectedBody)) return 'body differs from the core answer';
  if (item.expectedCode !== undefined) {
    const error = (body as { ok?: unknown; error?: { code?: unknown; message?: unknown } }).error;
    if ((body as { ok?: unknown }).ok !== false || error?.code !== item.expectedCode || typeof error.message !== 'string') {
      return `expected the error envelope with code ${item.expectedCode}`;
    }
  }
  return undefined;
}

/** Runs a load script's main and exits with its code; a thrown error prints its message and exits 1. */
export function runLoadScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
