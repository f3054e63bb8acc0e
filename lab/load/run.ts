// `npm run load`, first half: a bounded loopback load test of the Worker under
// wrangler dev. Sends a weighted mix of valid, invalid and largest requests
// over many concurrent connections, checks every answer against the core's
// in-process answer, samples workerd's memory, prints the figures and stops by
// itself. Fails on any 5xx, non-JSON or wrong answer.
// Bounds (environment): LOAD_REQUESTS (default 4000), LOAD_CONCURRENCY (64),
// LOAD_SECONDS (90, the time allowed for sending), LOAD_SEED (1), and
// LOAD_ONLY (comma-separated mix labels, to run a part of the mix alone).
// The rate limits stay bound but are raised above the run's size, so every
// request passes the limiter; lab/load/limits.ts runs the limits themselves.
// Serves a copy of the tree as built: run `npm run build` after changing the catalogue.
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueVersion } from '../../src/core/index';
import { answerProblem, buildMix, LOAD_VARS, varArgs, type LoadRequest, runLoadScript } from './mix';
import { descendantsNamed, residentKiB } from './rss';
import { startWranglerDev } from '../../scripts/lib/wrangler-dev';
import { withRateLimits } from '../lib/rate-limits';
import { seededRandom } from '../../test/support/seeded-random';

// `wrangler dev` runs on the repository's wrangler.toml, whichever folder npm starts the script in.
const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

const REQUESTS = boundedInt('LOAD_REQUESTS', 4000, 1, 100_000);
const CONCURRENCY = boundedInt('LOAD_CONCURRENCY', 64, 1, 512);
const SECONDS = boundedInt('LOAD_SECONDS', 90, 1, 600);
const SEED = boundedInt('LOAD_SEED', 1, 0, 2 ** 31);
const STARTUP_MS = 90_000;
const REQUEST_TIMEOUT_MS = 30_000;
const RSS_SAMPLE_MS = 250;

function boundedInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

function picker(mix: readonly LoadRequest[], next: () => number): () => LoadRequest {
  const total = mix.reduce((sum, item) => sum + item.weight, 0);
  return () => {
    let roll = next() * total;
    for (const item of mix) {
      roll -= item.weight;
      if (roll < 0) return item;
    }
    return mix[mix.length - 1]!;
  };
}

interface Failure {
  readonly label: string;
  readonly problem: string;
}

/** Sends one request over loopback and returns what is wrong with the answer, if anything. */
async function check(origin: string, item: LoadRequest): Promise<string | undefined> {
  const response = await fetch(`${origin}${item.path}`, {
    method: item.method,
    headers: item.headers,
    ...(item.body === undefined ? {} : { body: item.body }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return answerProblem(response, item);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const mib = (kib: number) => (kib / 1024).toFixed(1);

async function main(): Promise<number> {
  const only = (process.env.LOAD_ONLY ?? '')
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
  const server = await startWranglerDev({
    root: REPOSITORY_ROOT,
    startupMs: STARTUP_MS,
    state: 'fresh',
    snapshot: true,
    extraArgs: varArgs(LOAD_VARS),
    rewriteConfig: withRateLimits({ toolCalls: 10 * REQUESTS, reads: 10 * REQUESTS }),
  });
  const failures: Failure[] = [];
  const latencies: number[] = [];
  const byLabel = new Map<string, number>();
  const rssSamples: { at: number; kib: number }[] = [];
  let sent = 0;
  let completed = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { catalogueVersion?: string; versionId?: string | null };
    if (health.catalogueVersion !== catalogueVersion) {
      throw new Error(
        `wrangler dev serves catalogue ${health.catalogueVersion}, this script's core ${catalogueVersion}; rebuild and retry`,
      );
    }
    const mix = (await buildMix({ token: LOAD_VARS.API_TOKEN, versionId: health.versionId ?? null })).filter(
      (item) => only.length === 0 || only.includes(item.label),
    );
    if (mix.length === 0) throw new Error(`LOAD_ONLY names no request of the mix`);
    const pick = picker(mix, seededRandom(SEED));
    const workerd = descendantsNamed(server.pid, 'workerd');
    if (workerd.length === 0) throw new Error('no workerd process found under wrangler dev');
    const idleKiB = residentKiB(workerd);
    sampler = setInterval(() => rssSamples.push({ at: completed, kib: residentKiB(workerd) }), RSS_SAMPLE_MS);

    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    const worker = async () => {
      while (sent < REQUESTS && Date.now() < deadline) {
        sent += 1;
        const item = pick();
        const begun = performance.now();
        let problem: string | undefined;
        try {
          problem = await check(server.origin, item);
        } catch (err) {
          problem = `request failed: ${err instanceof Error ? err.message : String(err)}`;
        }
        latencies.push(performance.now() - begun);
        byLabel.set(item.label, (byLabel.get(item.label) ?? 0) + 1);
        if (problem !== undefined) failures.push({ label: item.label, problem });
        completed += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const settledKiB = residentKiB(workerd);

    const sorted = [...latencies].sort((a, b) => a - b);
    // RSS of workerd under wrangler dev includes the dev proxy's and runtime's own
    // memory, which grows even for /healthz alone (docs/measurements.md); it is
    // reported here, and the Worker's own retention is judged by heap-in-process.ts.
    const half = (second: boolean) => rssSamples.filter((s) => s.at >= completed / 2 === second).map((s) => s.kib);
    const firstPeak = Math.max(0, ...half(false));
    const secondPeak = Math.max(0, ...half(true));
    const growth = firstPeak === 0 ? 0 : (secondPeak - firstPeak) / firstPeak;
    const steady = growth <= 0.1;
    const tenthSamples = (index: number) =>
      rssSamples.filter((s) => s.at >= (index / 10) * completed && (index === 9 || s.at < ((index + 1) / 10) * completed));
    const tenth = (index: number) => median(tenthSamples(index).map((s) => s.kib));

    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log(`catalogue ${catalogueVersion}; seed ${SEED}; concurrency ${CONCURRENCY}; bounds ${REQUESTS} requests / ${SECONDS} s`);
    console.log(`completed ${completed} requests in ${elapsed.toFixed(1)} s (${(completed / elapsed).toFixed(0)} req/s)`);
    console.log(
      `latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`,
    );
    console.log(
      `workerd RSS MiB: idle ${mib(idleKiB)}, peak first half ${mib(firstPeak)}, peak second half ${mib(secondPeak)}, 2 s after ${mib(settledKiB)} (second-half growth ${(growth * 100).toFixed(1)}%${steady ? '' : ', still growing'})`,
    );
    const split = workerd.map(
      (pid) =>
        `${readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--inspector-addr') ? 'Worker' : 'dev proxy'} ${mib(residentKiB([pid]))}`,
    );
    console.log(`workerd RSS MiB at the end, per process: ${split.join(', ')}`);
    // A tenth that took less than the 250 ms sampling interval has no sample.
    const tenthText = (index: number) => (tenthSamples(index).length === 0 ? 'no sample' : mib(tenth(index)));
    console.log(`workerd RSS MiB, median of each tenth of the run: ${Array.from({ length: 10 }, (_, i) => tenthText(i)).join(', ')}`);
    console.log(`mix: ${[...byLabel.entries()].map(([label, count]) => `${label} ${count}`).join('; ')}`);
    const fivexx = failures.filter((f) => /^status 5/.test(f.problem)).length;
    const nonJson = failures.filter((f) => /not JSON|does not parse/.test(f.problem)).length;
    console.log(`5xx: ${fivexx}; non-JSON: ${nonJson}; wrong answers: ${failures.length - fivexx - nonJson}`);
    const shown = new Map<string, number>();
    for (const failure of failures)
      shown.set(`${failure.label}: ${failure.problem}`, (shown.get(`${failure.label}: ${failure.problem}`) ?? 0) + 1);
    for (const [problem, count] of shown) console.log(`  ${count} × ${problem}`);
    return failures.length === 0 && completed > 0 ? 0 : 1;
  } finally {
    if (sampler !== undefined) clearInterval(sampler);
    await server.stop();
  }
}

runLoadScript(main);
