// Row: the cold start of one isolate, module evaluation plus its first
// request, for the deploy bundle against a minimal Hono + zod Worker
// (entries/minimal-hono-zod.ts). Both are built by `wrangler deploy
// --dry-run`, and against the same Worker built from another commit (main
// unless `--baseline=<ref>`). A harness Worker in workerd (Miniflare) loads
// each bundle into a new isolate with the Worker Loader binding and times,
// inside workerd, from the load to the end of the first answer, so neither
// Node.js nor Miniflare's start is counted. Rounds alternate between the Workers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Miniflare } from 'miniflare';
import { buildDeployBundle, deployedWorkerOptions, type DeployBundle } from '../../scripts/lib/deploy-bundle';
import { baselineRef, checkoutTree } from './first-call-rows';
import { median, ms, notMeasured, pairedRatio, ratio, type Row } from './row';

const ROUNDS = 15;
const MINIMAL_ENTRY = 'lab/bench/entries/minimal-hono-zod.ts';
// One first request per language: a new isolate builds each language's scan on its first call.
const DISPATCH_BODIES = {
  en: JSON.stringify({
    name: 'find_writing_signals',
    arguments: { text: 'The new importer is powerful: it reads a file of 2,000 rows in under a second.', language: 'en' },
  }),
  de: JSON.stringify({
    name: 'find_writing_signals',
    arguments: {
      text: 'Der neue Importer ist leistungsstark: Er liest eine Datei mit 2.000 Zeilen in unter einer Sekunde.',
      language: 'de',
    },
  }),
} as const;

// The harness: `GET /?worker=NAME&requests=a,b&id=N` loads that Worker's
// modules as a new isolate named N, sends it the named requests in turn and
// answers the milliseconds of each, the first from load to the last byte of
// its answer (module evaluation included), with the answers' bodies. The
// loaded Worker reads EVIDENCE through the harness (a KV binding cannot be
// handed to another isolate).
const HARNESS = `
import { WorkerEntrypoint } from 'cloudflare:workers';
export class EvidenceStore extends WorkerEntrypoint {
  get(key, options) { return this.env.EVIDENCE.get(key, options); }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const code = JSON.parse(env.WORKERS)[url.searchParams.get('worker')];
    const requests = JSON.parse(env.REQUESTS);
    const started = Date.now();
    const isolate = env.LOADER.get(url.searchParams.get('id'), () => ({
      compatibilityDate: env.COMPATIBILITY_DATE,
      mainModule: 'index.js',
      modules: typeof code === 'string' ? { 'index.js': code } : code,
      env: { ...JSON.parse(env.VARS), EVIDENCE: env.EVIDENCE_STORE },
    }));
    const ms = [];
    const bodies = [];
    let begin = started;
    for (const name of url.searchParams.get('requests').split(',')) {
      const { path, body } = requests[name];
      const answer = await isolate.getEntrypoint().fetch('http://cold.start' + path, body === undefined ? {} : {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body,
      });
      const text = await answer.text();
      const now = Date.now();
      ms.push(now - begin);
      begin = now;
      if (answer.status !== 200) return new Response(name + ': ' + text, { status: 500 });
      bodies.push(text);
    }
    return Response.json({ ms, bodies });
  },
};`;

/** A request the harness can send a loaded Worker: a GET of `path`, or a POST of `body` as JSON. */
export interface HarnessRequest {
  readonly path: string;
  readonly body?: string;
}

/** Workerd with the harness Worker: loads Workers as new isolates and times their first requests. */
export interface ColdStartHarness {
  /** Loads `worker` as the new isolate `id`, sends it `requests` in turn: each one's milliseconds (the first from the load) and body. */
  run(worker: string, requests: readonly string[], id: string): Promise<{ ms: number[]; bodies: string[] }>;
  dispose(): Promise<void>;
}

/**
 * Starts the harness in workerd (Miniflare). `workers` by name: a bundle's
 * code, or its modules by file name with `index.js` the main one (a Text
 * module as `{ text }`); `requests`
 * by name; `vars` are given to each loaded Worker besides wrangler.toml's.
 */
export async function startColdStartHarness(
  root: string,
  workers: Readonly<Record<string, string | Readonly<Record<string, string | { readonly text: string }>>>>,
  requests: Readonly<Record<string, HarnessRequest>>,
  vars: Readonly<Record<string, string>> = {},
): Promise<ColdStartHarness> {
  const deployed = deployedWorkerOptions(root);
  const harness = new Miniflare({
    name: 'harness',
    modules: true,
    script: HARNESS,
    compatibilityDate: deployed.compatibilityDate,
    workerLoaders: { LOADER: {} },
    kvNamespaces: ['EVIDENCE'],
    serviceBindings: { EVIDENCE_STORE: { name: 'harness', entrypoint: 'EvidenceStore' } },
    bindings: {
      WORKERS: JSON.stringify(workers),
      REQUESTS: JSON.stringify(requests),
      VARS: JSON.stringify({ ...deployed.bindings, ...vars }),
      COMPATIBILITY_DATE: deployed.compatibilityDate,
    },
    // The loaded Worker's request log goes to workerd's stdout; drain it unprinted.
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      stdout.resume();
      stderr.resume();
    },
  });
  await harness.ready;
  return {
    async run(worker, names, id) {
      const response = await harness.dispatchFetch(`http://harness/?worker=${worker}&requests=${names.join(',')}&id=${id}`);
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${worker} did not answer: ${text.slice(0, 300)}`);
      return JSON.parse(text) as { ms: number[]; bodies: string[] };
    },
    dispose: () => harness.dispose(),
  };
}

/** The cold-start rows: this Worker against the minimal one and against the baseline's, measured in alternating rounds. */
export async function coldStartRows(root: string): Promise<Row[]> {
  const baseline = baselineRef();
  const measure = `Cold start of one isolate (module evaluation + first dispatch) in workerd, median of ${ROUNDS}: this Worker / minimal Hono + zod`;
  const versus = `Cold start of one isolate in workerd, same rounds, median of the rounds' ratios: this Worker ÷ the Worker built from ${baseline}`;
  const checkout = mkdtempSync(join(tmpdir(), 'cold-start-'));
  const bundles: DeployBundle[] = [];
  let harness: ColdStartHarness | undefined;
  try {
    const bundle = (tree: string, entry?: string) => {
      const built = buildDeployBundle(tree, entry);
      bundles.push(built);
      return readFileSync(built.scriptPath, 'utf8');
    };
    const code = { ours: bundle(root), baseline: bundle(checkoutTree(root, baseline, checkout)), minimal: bundle(root, MINIMAL_ENTRY) };
    harness = await startColdStartHarness(
      root,
      code,
      Object.fromEntries(Object.entries(DISPATCH_BODIES).map(([language, body]) => [language, { path: '/v1/dispatch', body }])),
    );
    const cells = { en: ['', ''], de: ['', ''] };
    const ratios: number[] = [];
    for (const language of ['en', 'de'] as const) {
      const timings = { ours: [] as number[], baseline: [] as number[], minimal: [] as number[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const worker of ['ours', 'baseline', 'minimal'] as const) {
          const {
            ms: [first],
          } = await harness.run(worker, [language], `${worker}-${language}-${round}`);
          timings[worker].push(first as number);
        }
      }
      console.log(
        `cold start ${language}, ms by round: this Worker ${timings.ours.join(', ')}; ${baseline} ${timings.baseline.join(', ')}; ` +
          `minimal Hono + zod ${timings.minimal.join(', ')}`,
      );
      const [oursMs, baselineMs, minimalMs] = [median(timings.ours), median(timings.baseline), median(timings.minimal)];
      ratios.push(oursMs / minimalMs);
      cells[language] = [
        `${ms(oursMs)} / ${ms(minimalMs)} = ${ratio(oursMs / minimalMs)}`,
        `${ratio(pairedRatio(timings.ours, timings.baseline))} (medians ${ms(oursMs)} vs ${ms(baselineMs)})`,
      ];
    }
    return [
      { measure, en: cells.en[0] as string, de: cells.de[0] as string, target: '≤ 3×', met: ratios.every((r) => r <= 3) },
      { measure: versus, en: cells.en[1] as string, de: cells.de[1] as string, target: '', met: null },
    ];
  } catch (error) {
    return [notMeasured(measure, error), notMeasured(versus, error)];
  } finally {
    await harness?.dispose();
    for (const built of bundles) built.remove();
    rmSync(checkout, { recursive: true, force: true });
  }
}
