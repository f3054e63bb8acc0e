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
    arguments: { text: 'Der neue Importer ist leistungsstark: Er liest eine Datei mit 2.000 Zeilen in unter einer Sekunde.', language: 'de' },
  }),
} as const;

// The harness: `GET /?worker=ours|baseline|minimal&language=en|de&id=N` loads that bundle as a new
// isolate named N, sends it the dispatch request and answers the milliseconds
// from load to the last byte of the answer. The loaded Worker reads EVIDENCE
// through the harness (a KV binding cannot be handed to another isolate).
const HARNESS = `
import { WorkerEntrypoint } from 'cloudflare:workers';
export class EvidenceStore extends WorkerEntrypoint {
  get(key, options) { return this.env.EVIDENCE.get(key, options); }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const code = { ours: env.OURS, baseline: env.BASELINE, minimal: env.MINIMAL }[url.searchParams.get('worker')];
    const started = Date.now();
    const isolate = env.LOADER.get(url.searchParams.get('id'), () => ({
      compatibilityDate: env.COMPATIBILITY_DATE,
      mainModule: 'index.js',
      modules: { 'index.js': code },
      env: { ...JSON.parse(env.VARS), EVIDENCE: env.EVIDENCE_STORE },
    }));
    const answer = await isolate.getEntrypoint().fetch('http://cold.start/v1/dispatch', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.parse(env.DISPATCH_BODIES)[url.searchParams.get('language')],
    });
    const body = await answer.text();
    const elapsed = Date.now() - started;
    if (answer.status !== 200) return new Response(body, { status: 500 });
    return Response.json({ ms: elapsed });
  },
};`;

/** The cold-start rows: this Worker against the minimal one and against the baseline's, measured in alternating rounds. */
export async function coldStartRows(root: string): Promise<Row[]> {
  const baseline = baselineRef();
  const measure = `Cold start of one isolate (module evaluation + first dispatch) in workerd, median of ${ROUNDS}: this Worker / minimal Hono + zod`;
  const versus = `Cold start of one isolate in workerd, same rounds, median of the rounds' ratios: this Worker ÷ the Worker built from ${baseline}`;
  const checkout = mkdtempSync(join(tmpdir(), 'cold-start-'));
  const bundles: DeployBundle[] = [];
  let harness: Miniflare | undefined;
  try {
    const bundle = (tree: string, entry?: string) => {
      const built = buildDeployBundle(tree, entry);
      bundles.push(built);
      return readFileSync(built.scriptPath, 'utf8');
    };
    const code = { ours: bundle(root), baseline: bundle(checkoutTree(root, baseline, checkout)), minimal: bundle(root, MINIMAL_ENTRY) };
    const deployed = deployedWorkerOptions(root);
    harness = new Miniflare({
      name: 'harness',
      modules: true,
      script: HARNESS,
      compatibilityDate: deployed.compatibilityDate,
      workerLoaders: { LOADER: {} },
      kvNamespaces: ['EVIDENCE'],
      serviceBindings: { EVIDENCE_STORE: { name: 'harness', entrypoint: 'EvidenceStore' } },
      bindings: {
        OURS: code.ours,
        BASELINE: code.baseline,
        MINIMAL: code.minimal,
        VARS: JSON.stringify(deployed.bindings),
        COMPATIBILITY_DATE: deployed.compatibilityDate,
        DISPATCH_BODIES: JSON.stringify(DISPATCH_BODIES),
      },
      // The loaded Worker's request log goes to workerd's stdout; drain it unprinted.
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
        stdout.resume();
        stderr.resume();
      },
    });
    const cells = { en: ['', ''], de: ['', ''] };
    const ratios: number[] = [];
    for (const language of ['en', 'de'] as const) {
      const timings = { ours: [] as number[], baseline: [] as number[], minimal: [] as number[] };
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const worker of ['ours', 'baseline', 'minimal'] as const) {
          const response = await harness.dispatchFetch(`http://harness/?worker=${worker}&language=${language}&id=${worker}-${language}-${round}`);
          const text = await response.text();
          if (response.status !== 200) throw new Error(`${worker} did not answer its first request: ${text.slice(0, 200)}`);
          timings[worker].push((JSON.parse(text) as { ms: number }).ms);
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
