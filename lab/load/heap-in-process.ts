// The memory half of `npm run load`: the Worker's own fetch handler, run
// in-process in Node with the same host variables and request mix, under the
// same concurrency, with the JavaScript heap measured after forced garbage
// collection. Unlike workerd's RSS under wrangler dev (which also holds the dev
// proxy's and runtime's memory), this isolates what the Worker's code retains.
// Run with `node --expose-gc` (the npm script passes it). Bounds: LOAD_REQUESTS
// (default 4000), LOAD_CONCURRENCY (64), LOAD_SEED (1).
import worker from '../../src/worker/index';
import type { WorkerEnv } from '../../src/worker/env';
import { answerProblem, buildMix, LOAD_VARS, type LoadRequest, runLoadScript } from './mix';
import { seededRandom } from '../../test/support/seeded-random';

const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 64);
const SEED = Number(process.env.LOAD_SEED ?? 1);
/** Retained heap may grow by this much from the first measurement after warm-up to the last. */
const ALLOWED_GROWTH_MIB = 5;

const gc = (globalThis as { gc?: () => void }).gc;

function heapAfterGcMiB(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function main(): Promise<number> {
  if (gc === undefined) throw new Error('run with node --expose-gc');
  if (!Number.isInteger(REQUESTS) || REQUESTS < 10 || REQUESTS > 1_000_000)
    throw new Error('LOAD_REQUESTS must be an integer from 10 to 1000000');
  // No WORKER_VERSION binding in-process: /healthz reports a null version ID.
  const mix = await buildMix({ token: LOAD_VARS.API_TOKEN, versionId: null });
  const total = mix.reduce((sum, item) => sum + item.weight, 0);
  const next = seededRandom(SEED);
  const pick = (): LoadRequest => {
    let roll = next() * total;
    for (const item of mix) if ((roll -= item.weight) < 0) return item;
    return mix[mix.length - 1]!;
  };
  const env = { ...LOAD_VARS, EVIDENCE: { get: () => Promise.resolve(null) } } as unknown as WorkerEnv;
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const log = console.log;
  console.log = () => {}; // The Worker's request log; not measured here.
  const warn = console.warn;
  console.warn = () => {}; // 'rate-limits-off': no Rate Limiting binding in-process.

  const samples: number[] = [];
  const problems = new Map<string, number>();
  let sent = 0;
  const tenth = Math.max(1, Math.floor(REQUESTS / 10));
  const run = async (count: number) => {
    const goal = sent + count;
    const lane = async () => {
      while (sent < goal) {
        sent += 1;
        const item = pick();
        const request = new Request(`http://load.test${item.path}`, {
          method: item.method,
          headers: item.headers,
          ...(item.body === undefined ? {} : { body: item.body }),
        });
        const problem = await answerProblem(await worker.fetch(request as never, env, ctx), item);
        if (problem !== undefined) problems.set(`${item.label}: ${problem}`, (problems.get(`${item.label}: ${problem}`) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  };

  const started = performance.now();
  samples.push(heapAfterGcMiB());
  for (let step = 0; step < 10; step += 1) {
    await run(step === 9 ? REQUESTS - sent : tenth);
    samples.push(heapAfterGcMiB());
  }
  const seconds = (performance.now() - started) / 1000;
  console.log = log;
  console.warn = warn;

  // The first tenth warms caches (compiled scanner plans, lazily built bodies).
  const warm = samples[1]!;
  const last = samples[samples.length - 1]!;
  const steady = last - warm <= ALLOWED_GROWTH_MIB;
  console.log(`in-process Worker: ${sent} requests, concurrency ${CONCURRENCY}, seed ${SEED}, ${seconds.toFixed(1)} s`);
  console.log(`heap after GC, MiB, before and after each tenth: ${samples.map((s) => s.toFixed(1)).join(', ')}`);
  console.log(
    `retained growth after warm-up: ${(last - warm).toFixed(2)} MiB (allowed ${ALLOWED_GROWTH_MIB}): ${steady ? 'steady' : 'NOT steady'}`,
  );
  console.log(`wrong answers: ${[...problems.values()].reduce((a, b) => a + b, 0)}`);
  for (const [problem, count] of problems) console.log(`  ${count} × ${problem}`);
  return steady && problems.size === 0 ? 0 : 1;
}

runLoadScript(main);
