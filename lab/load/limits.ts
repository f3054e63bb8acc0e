// `npm run load`, second part: the rate limits under load. One wrangler dev
// with small budgets and no API_TOKEN, so callers are keyed by address
// (CF-Connecting-IP, which wrangler dev passes through). Several addresses
// stay within both budgets; one address sends three times its tool-call
// budget. Every answer is checked: no 5xx, 429 only for the over-budget
// address and only on tool calls, each 429 the exact envelope with
// Retry-After, and every other answer equal to the core's.
// Bounds (environment): LOAD_CONCURRENCY (default 32), LOAD_SEED (1).
import { isDeepStrictEqual } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueVersion } from '../../src/core/index';
import { budgetOf, RETRY_AFTER_SECONDS } from '../../src/worker/middleware/rate-limit';
import { startWranglerDev } from '../../scripts/lib/wrangler-dev';
import { withRateLimits } from '../lib/rate-limits';
import { seededRandom } from '../../test/support/seeded-random';
import { answerProblem, buildMix, LOAD_VARS, varArgs, type LoadRequest, runLoadScript } from './mix';

// `wrangler dev` runs on the repository's wrangler.toml, whichever folder npm starts the script in.
const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

const CONCURRENCY = boundedInt('LOAD_CONCURRENCY', 32, 1, 512);
const SEED = boundedInt('LOAD_SEED', 1, 0, 2 ** 31);
const STARTUP_MS = 90_000;
const REQUEST_TIMEOUT_MS = 30_000;

/** Requests per 60 seconds and address: small, so the run stays short. */
const LIMITS = { toolCalls: 50, reads: 100 } as const;
const IN_BUDGET_ADDRESSES = 8;
/** Each in-budget address spends this share of each budget, at most. */
const IN_BUDGET_SHARE = 0.8;
const OVER_BUDGET_FACTOR = 3;
const HEALTH_CHECKS_PER_ADDRESS = 10;
/** Miniflare counts in windows aligned to the minute; start with at least this much of one left. */
const WINDOW_MARGIN_MS = 20_000;

const OVER_BUDGET_ADDRESS = '198.51.100.99';
const inBudgetAddress = (index: number) => `198.51.100.${index + 1}`;

function boundedInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

interface Planned {
  readonly address: string;
  readonly item: LoadRequest;
}

type Quota = Readonly<Record<'toolCalls' | 'reads' | 'health', number>>;

/**
 * Requests for one address, drawn from the weighted mix until each quota is
 * met. A request counts against the budget its path spends (the limiter's own
 * `budgetOf`), /healthz against none.
 */
function plan(address: string, mix: readonly LoadRequest[], quota: Quota, next: () => number): Planned[] {
  const total = mix.reduce((sum, item) => sum + item.weight, 0);
  const pick = () => {
    let roll = next() * total;
    for (const item of mix) if ((roll -= item.weight) < 0) return item;
    return mix[mix.length - 1]!;
  };
  const left = { ...quota };
  const planned: Planned[] = [];
  while (left.toolCalls + left.reads + left.health > 0) {
    const item = pick();
    const budget = budgetOf(item.path) ?? 'health';
    if (left[budget] === 0) continue;
    left[budget] -= 1;
    planned.push({ address, item });
  }
  return planned;
}

function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const RATE_LIMITED = {
  ok: false,
  tool: '',
  error: { code: 'rate-limited', message: `Too many tool calls from this caller; retry after ${RETRY_AFTER_SECONDS} seconds.` },
};

/** What is wrong with a 429 answer to the over-budget address, if anything. */
async function rateLimitedProblem(response: Response, item: LoadRequest): Promise<string | undefined> {
  const text = await response.text();
  if (budgetOf(item.path) !== 'toolCalls') return `429 on ${item.path}, which does not spend the tool-call budget`;
  if (response.headers.get('retry-after') !== String(RETRY_AFTER_SECONDS)) return `429 without Retry-After: ${RETRY_AFTER_SECONDS}`;
  try {
    return isDeepStrictEqual(JSON.parse(text), RATE_LIMITED) ? undefined : '429 body is not the rate-limited envelope';
  } catch {
    return '429 body does not parse as JSON';
  }
}

interface Tally {
  sent: number;
  limited: number;
  toolCalls: number;
  reads: number;
  health: number;
}

async function main(): Promise<number> {
  const { API_TOKEN: _token, ...vars } = LOAD_VARS;
  const server = await startWranglerDev({
    root: REPOSITORY_ROOT,
    startupMs: STARTUP_MS,
    state: 'fresh',
    snapshot: true,
    extraArgs: varArgs(vars),
    rewriteConfig: withRateLimits(LIMITS),
  });
  try {
    const health = (await (await fetch(`${server.origin}/healthz`)).json()) as { catalogueVersion?: string; versionId?: string | null };
    if (health.catalogueVersion !== catalogueVersion)
      throw new Error(`wrangler dev serves catalogue ${health.catalogueVersion}; rebuild and retry`);
    const mix = await buildMix({ token: undefined, versionId: health.versionId ?? null });
    const next = seededRandom(SEED);
    const inBudget: Quota = {
      toolCalls: Math.floor(IN_BUDGET_SHARE * LIMITS.toolCalls),
      reads: Math.floor(IN_BUDGET_SHARE * LIMITS.reads),
      health: HEALTH_CHECKS_PER_ADDRESS,
    };
    const overBudget: Quota = {
      toolCalls: OVER_BUDGET_FACTOR * LIMITS.toolCalls,
      reads: inBudget.reads,
      health: HEALTH_CHECKS_PER_ADDRESS,
    };
    const schedule = shuffle(
      [
        ...Array.from({ length: IN_BUDGET_ADDRESSES }, (_, index) => plan(inBudgetAddress(index), mix, inBudget, next)).flat(),
        ...plan(OVER_BUDGET_ADDRESS, mix, overBudget, next),
      ],
      next,
    );

    const intoMinute = Date.now() % 60_000;
    if (60_000 - intoMinute < WINDOW_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
    const startMinute = Math.floor(Date.now() / 60_000);
    const started = performance.now();
    const tallies = new Map<string, Tally>();
    const problems = new Map<string, number>();
    let fivexx = 0;
    let position = 0;
    const lane = async () => {
      while (position < schedule.length) {
        const { address, item } = schedule[position++]!;
        const tally = tallies.get(address) ?? { sent: 0, limited: 0, toolCalls: 0, reads: 0, health: 0 };
        tallies.set(address, tally);
        tally.sent += 1;
        tally[budgetOf(item.path) ?? 'health'] += 1;
        let problem: string | undefined;
        try {
          const response = await fetch(`${server.origin}${item.path}`, {
            method: item.method,
            headers: { ...item.headers, 'CF-Connecting-IP': address },
            ...(item.body === undefined ? {} : { body: item.body }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          if (response.status >= 500) fivexx += 1;
          if (response.status === 429) {
            tally.limited += 1;
            problem = address === OVER_BUDGET_ADDRESS ? await rateLimitedProblem(response, item) : '429 for an address within its budgets';
          } else {
            problem = await answerProblem(response, item);
          }
        } catch (err) {
          problem = `request failed: ${err instanceof Error ? err.message : String(err)}`;
        }
        if (problem !== undefined) problems.set(`${item.label}: ${problem}`, (problems.get(`${item.label}: ${problem}`) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const elapsed = (performance.now() - started) / 1000;
    const oneWindow = Math.floor(Date.now() / 60_000) === startMinute;

    const within = [...tallies].filter(([address]) => address !== OVER_BUDGET_ADDRESS).map(([, tally]) => tally);
    const sum = (key: keyof Tally) => within.reduce((total, tally) => total + tally[key], 0);
    const over = tallies.get(OVER_BUDGET_ADDRESS)!;
    // Every request to a tool-call path spends the budget, whatever its method or answer.
    const counted = over.toolCalls;
    const expectedLimited = counted - LIMITS.toolCalls;
    const limitedRight = oneWindow ? over.limited === expectedLimited : over.limited >= counted - 2 * LIMITS.toolCalls && over.limited > 0;

    console.log(
      `limits run: ${LIMITS.toolCalls} tool calls and ${LIMITS.reads} other requests per 60 s and address; ${IN_BUDGET_ADDRESSES} addresses within budget, 1 over; concurrency ${CONCURRENCY}; seed ${SEED}`,
    );
    console.log(
      `completed ${schedule.length} requests in ${elapsed.toFixed(1)} s (${(schedule.length / elapsed).toFixed(0)} req/s)${oneWindow ? ', within one window' : ', across a window boundary'}`,
    );
    console.log(
      `within budget: ${sum('sent')} requests (${sum('toolCalls')} tool calls, ${sum('reads')} other, ${sum('health')} /healthz); 429: ${sum('limited')}`,
    );
    console.log(
      `over budget: ${over.sent} requests (${over.toolCalls} tool calls; ${over.reads} other; ${over.health} /healthz); 429: ${over.limited} (expected ${oneWindow ? expectedLimited : `at least ${counted - 2 * LIMITS.toolCalls}`})`,
    );
    const wrong = [...problems.values()].reduce((a, b) => a + b, 0);
    console.log(`5xx: ${fivexx}; wrong answers: ${wrong}`);
    for (const [problem, count] of problems) console.log(`  ${count} × ${problem}`);
    return fivexx === 0 && wrong === 0 && limitedRight ? 0 : 1;
  } finally {
    await server.stop();
  }
}

runLoadScript(main);
