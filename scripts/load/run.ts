// `npm run load`: a bounded loopback load test of the Worker under wrangler dev.
// Sends a weighted mix of valid, invalid and largest requests over many
// concurrent connections, checks every answer against the core's in-process
// answer, samples workerd's memory, prints the figures and stops by itself.
// Bounds (environment): LOAD_REQUESTS (default 4000), LOAD_CONCURRENCY (64),
// LOAD_SECONDS (90, the time allowed for sending), LOAD_SEED (1).
import { isDeepStrictEqual } from 'node:util';
import { cpus, totalmem } from 'node:os';
import { catalogueVersion } from '../../src/core/index';
import { buildMix, LOAD_VARS, type LoadRequest } from './mix';
import { descendantsNamed, residentKiB } from './rss';
import { startDevServer } from './wrangler-dev';

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

/** mulberry32: a small seeded generator, so a run's sequence can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
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

/** Sends one request and returns what is wrong with the answer, if anything. */
async function check(origin: string, item: LoadRequest): Promise<string | undefined> {
  const response = await fetch(`${origin}${item.path}`, {
    method: item.method,
    headers: item.headers,
    ...(item.body === undefined ? {} : { body: item.body }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status >= 500) return `status ${response.status}`;
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

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: readonly number[]) => percentile([...values].sort((a, b) => a - b), 50);
const mib = (kib: number) => (kib / 1024).toFixed(1);

async function main(): Promise<number> {
  const mix = await buildMix();
  const pick = picker(mix, random(SEED));
  const varArgs = Object.entries(LOAD_VARS).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const server = await startDevServer(STARTUP_MS, varArgs);
  const failures: Failure[] = [];
  const latencies: number[] = [];
  const byLabel = new Map<string, number>();
  const rssSamples: { at: number; kib: number }[] = [];
  let sent = 0;
  let completed = 0;
  let sampler: NodeJS.Timeout | undefined;
  try {
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { catalogueVersion?: string };
    if (health.catalogueVersion !== catalogueVersion) {
      throw new Error(`wrangler dev serves catalogue ${health.catalogueVersion}, this script's core ${catalogueVersion}; rebuild and retry`);
    }
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
    const quarter = (from: number, to: number) =>
      rssSamples.filter((s) => s.at >= from * completed && s.at < to * completed).map((s) => s.kib);
    const secondQuarter = median(quarter(0.25, 0.5));
    const lastQuarter = median(quarter(0.75, 1.01));
    const peak = Math.max(0, ...rssSamples.map((s) => s.kib));
    const growth = secondQuarter === 0 ? 0 : (lastQuarter - secondQuarter) / secondQuarter;
    const steady = growth < 0.25;

    console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}`);
    console.log(`catalogue ${catalogueVersion}; seed ${SEED}; concurrency ${CONCURRENCY}; bounds ${REQUESTS} requests / ${SECONDS} s`);
    console.log(`completed ${completed} requests in ${elapsed.toFixed(1)} s (${(completed / elapsed).toFixed(0)} req/s)`);
    console.log(`latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`);
    console.log(
      `workerd RSS MiB: idle ${mib(idleKiB)}, median 2nd quarter ${mib(secondQuarter)}, median last quarter ${mib(lastQuarter)}, peak ${mib(peak)}, 2 s after ${mib(settledKiB)} (growth ${(growth * 100).toFixed(1)}%: ${steady ? 'steady' : 'NOT steady'})`,
    );
    const deciles = Array.from({ length: 10 }, (_, tenth) => median(quarter(tenth / 10, (tenth + 1) / 10 + (tenth === 9 ? 0.01 : 0))));
    console.log(`workerd RSS MiB by tenth of the run: ${deciles.map(mib).join(', ')}`);
    console.log(`mix: ${[...byLabel.entries()].map(([label, count]) => `${label} ${count}`).join('; ')}`);
    const fivexx = failures.filter((f) => /^status 5/.test(f.problem)).length;
    const nonJson = failures.filter((f) => /not JSON|does not parse/.test(f.problem)).length;
    console.log(`5xx: ${fivexx}; non-JSON: ${nonJson}; wrong answers: ${failures.length - fivexx - nonJson}`);
    const shown = new Map<string, number>();
    for (const failure of failures) shown.set(`${failure.label}: ${failure.problem}`, (shown.get(`${failure.label}: ${failure.problem}`) ?? 0) + 1);
    for (const [problem, count] of shown) console.log(`  ${count} × ${problem}`);
    return failures.length === 0 && steady && completed > 0 ? 0 : 1;
  } finally {
    if (sampler !== undefined) clearInterval(sampler);
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
