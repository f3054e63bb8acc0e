// Rows: HTTP on `wrangler dev`, loopback only. GET /healthz and POST
// /v1/dispatch (a small find_writing_signals call) in the same run, in
// alternating rounds of fixed connections and duration, measured with
// autocannon; latency percentiles from every response's own time.
import autocannon from 'autocannon';
import { ms, notMeasured, ratio, type Row } from './row';
import { startWranglerDev, type WranglerDev } from '../../scripts/lib/wrangler-dev';
import { withRateLimits } from '../lib/rate-limits';

const CONNECTIONS = 10;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const WARMUP_SECONDS = 2;
const P50_RATIO_TARGET = 1.3;

// A paragraph of the size an agent checks between edits, with three signals.
const SMALL_TEXT =
  'The new importer is powerful: it reads a file of 2,000 rows in under a second on a laptop. ' +
  'It reports each row it skips, with the line number and the reason, and it never changes the source file. ' +
  'It is worth noting that a second run could potentially import a row twice; rows already imported are skipped.';
const DISPATCH_BODY = JSON.stringify({ name: 'find_writing_signals', arguments: { text: SMALL_TEXT, language: 'en' } });

interface Target {
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const HEALTH: Target = { path: '/healthz', method: 'GET' };
const DISPATCH: Target = {
  path: '/v1/dispatch',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: DISPATCH_BODY,
};

interface Load {
  /** Response times in milliseconds, every 2xx response of every round. */
  readonly latencies: number[];
  requests: number;
  seconds: number;
}

/** One round: `seconds` of CONNECTIONS connections, one request at a time each. */
function round(origin: string, target: Target, seconds: number, into?: Load): Promise<void> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(
      {
        url: `${origin}${target.path}`,
        method: target.method,
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.body ? { body: target.body } : {}),
        connections: CONNECTIONS,
        pipelining: 1,
        duration: seconds,
      },
      (error, result) => {
        if (error) return reject(error);
        const failed = result.non2xx + result.errors + result.timeouts;
        if (failed > 0) {
          return reject(
            new Error(`${target.method} ${target.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`),
          );
        }
        if (into) {
          into.latencies.push(...times);
          into.requests += times.length;
          into.seconds += result.duration;
        }
        resolve();
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      if (status >= 200 && status < 300) times.push(responseTime);
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

interface Summary {
  readonly p50: number;
  readonly p99: number;
  readonly perSecond: number;
}

function summarise(load: Load): Summary {
  const sorted = [...load.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), perSecond: load.requests / load.seconds };
}

async function checkDispatch(origin: string): Promise<void> {
  const response = await fetch(`${origin}${DISPATCH.path}`, { method: 'POST', headers: DISPATCH.headers, body: DISPATCH.body });
  const envelope = (await response.json()) as { ok?: boolean; data?: { signals?: unknown[] } };
  if (response.status !== 200 || envelope.ok !== true) {
    throw new Error(
      `POST /v1/dispatch answered ${response.status} ${JSON.stringify(envelope).slice(0, 200)} (is API_TOKEN set in .dev.vars?)`,
    );
  }
}

const cell = (s: Summary) => `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, ${Math.round(s.perSecond).toLocaleString('en')} req/s`;

/**
 * Starts `wrangler dev`, runs a warm-up and ROUNDS alternating rounds of GET
 * /healthz and POST /v1/dispatch, and stops wrangler again, also on failure.
 */
export async function httpRows(root: string): Promise<Row[]> {
  const measure = `HTTP on wrangler dev, ${CONNECTIONS} connections, ${ROUNDS} × ${ROUND_SECONDS} s alternating rounds each`;
  let dev: WranglerDev | undefined;
  try {
    // The limiter stays on, raised above what the rounds send, so every request is answered.
    dev = await startWranglerDev({
      root,
      startupMs: 120_000,
      state: 'fresh',
      snapshot: true,
      rewriteConfig: withRateLimits({ toolCalls: 10_000_000, reads: 10_000_000 }),
    });
    await checkDispatch(dev.origin);
    await round(dev.origin, HEALTH, WARMUP_SECONDS);
    await round(dev.origin, DISPATCH, WARMUP_SECONDS);
    const health: Load = { latencies: [], requests: 0, seconds: 0 };
    const dispatch: Load = { latencies: [], requests: 0, seconds: 0 };
    for (let i = 0; i < ROUNDS; i++) {
      await round(dev.origin, HEALTH, ROUND_SECONDS, health);
      await round(dev.origin, DISPATCH, ROUND_SECONDS, dispatch);
    }
    const [h, d] = [summarise(health), summarise(dispatch)];
    const p50Ratio = d.p50 / h.p50;
    return [
      { measure: `${measure}: GET /healthz`, en: cell(h), de: '(no text)', target: '', met: null },
      {
        measure: `${measure}: POST /v1/dispatch, find_writing_signals on ${SMALL_TEXT.length} units`,
        en: cell(d),
        de: '(English call)',
        target: '',
        met: null,
      },
      {
        measure: 'HTTP p50: POST /v1/dispatch ÷ GET /healthz',
        en: ratio(p50Ratio),
        de: '',
        target: `≤ ${P50_RATIO_TARGET}×`,
        met: p50Ratio <= P50_RATIO_TARGET,
      },
    ];
  } catch (error) {
    return [notMeasured(measure, error, `p50 ratio ≤ ${P50_RATIO_TARGET}×`)];
  } finally {
    await dev?.stop();
  }
}
