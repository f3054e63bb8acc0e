// `npm run load`, third part: the budgets under the probe's abuse. One
// wrangler dev on loopback with a tool-call budget of 50 per 60 s and
// address. One address sends a seeded mix of MCP batches of 4 tools/call,
// single MCP calls, POST /v1/dispatch and path variants of both
// (`/v1/dispatch/`, `/MCP`, `/v1/%64ispatch`, `/mcp/`) until it has asked for
// three times its budget in tool runs; a second address sends the probe's
// batch of 100 tools/call. Passes when, within one window, at most 50 tool
// runs were answered (a batch counts its calls), every variant is 404, every
// batch of 100 is 400, and nothing is 5xx. Bounded: 126 requests at most,
// 30 s each, concurrency 8.
import { MAX_TOOL_CALLS_PER_BATCH } from '../../src/mcp/json-rpc';
import { withRateLimits } from '../lib/rate-limits';
import { seededRandom } from '../../test/support/seeded-random';
import { startWranglerDev } from '../../scripts/lib/wrangler-dev';
import { LOAD_VARS, runLoadScript, varArgs } from './mix';

const LIMITS = { toolCalls: 50, reads: 100 } as const;
const ASKED_RUNS = 3 * LIMITS.toolCalls;
const PROBE_BATCHES = 6;
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 30_000;
const WINDOW_MARGIN_MS = 20_000;
const ABUSER = '198.51.100.150';
const PROBER = '198.51.100.151';

const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2025-06-18',
};
const rulesCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_writing_rules', arguments: {} } });

interface Shot {
  readonly kind: 'batch' | 'mcp' | 'dispatch' | 'variant' | 'probe';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** Tool runs the request asks for. */
  readonly runs: number;
  readonly address: string;
}

function plan(next: () => number): Shot[] {
  const shots: Shot[] = [];
  let asked = 0;
  while (asked < ASKED_RUNS) {
    const roll = next();
    if (roll < 0.3) {
      const body = JSON.stringify(Array.from({ length: MAX_TOOL_CALLS_PER_BATCH }, (_, id) => rulesCall(id)));
      shots.push({ kind: 'batch', path: '/mcp', headers: MCP_HEADERS, body, runs: MAX_TOOL_CALLS_PER_BATCH, address: ABUSER });
      asked += MAX_TOOL_CALLS_PER_BATCH;
    } else if (roll < 0.5) {
      shots.push({ kind: 'mcp', path: '/mcp', headers: MCP_HEADERS, body: JSON.stringify(rulesCall(1)), runs: 1, address: ABUSER });
      asked += 1;
    } else if (roll < 0.75) {
      const body = JSON.stringify({ name: 'get_writing_rules', arguments: {} });
      shots.push({
        kind: 'dispatch',
        path: '/v1/dispatch',
        headers: { 'Content-Type': 'application/json' },
        body,
        runs: 1,
        address: ABUSER,
      });
      asked += 1;
    } else {
      const path = ['/v1/dispatch/', '/MCP', '/v1/%64ispatch', '/mcp/'][Math.floor(next() * 4)] as string;
      const mcp = path.toLowerCase().startsWith('/mcp');
      const body = mcp ? JSON.stringify(rulesCall(1)) : JSON.stringify({ name: 'get_writing_rules', arguments: {} });
      shots.push({
        kind: 'variant',
        path,
        headers: mcp ? MCP_HEADERS : { 'Content-Type': 'application/json' },
        body,
        runs: 0,
        address: ABUSER,
      });
    }
  }
  const probe = JSON.stringify(Array.from({ length: 100 }, (_, id) => rulesCall(id)));
  for (let i = 0; i < PROBE_BATCHES; i++)
    shots.push({ kind: 'probe', path: '/mcp', headers: MCP_HEADERS, body: probe, runs: 0, address: PROBER });
  return shots;
}

/** Tool runs an answer carries: 1 for a dispatch envelope, one per JSON-RPC answer with a result on /mcp. */
function runsServed(shot: Shot, status: number, text: string): number {
  if (status !== 200) return 0;
  if (shot.kind === 'dispatch') return 1;
  const body = JSON.parse(text) as unknown;
  const answers = Array.isArray(body) ? body : [body];
  return answers.filter((answer) => (answer as { result?: unknown }).result !== undefined).length;
}

async function main(): Promise<number> {
  const { API_TOKEN: _token, ...vars } = LOAD_VARS;
  const server = await startWranglerDev({
    root: process.cwd(),
    startupMs: 90_000,
    state: 'fresh',
    snapshot: true,
    extraArgs: varArgs(vars),
    rewriteConfig: withRateLimits(LIMITS),
  });
  try {
    const shots = plan(seededRandom(1));
    const intoMinute = Date.now() % 60_000;
    if (60_000 - intoMinute < WINDOW_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
    const startMinute = Math.floor(Date.now() / 60_000);
    const started = performance.now();
    const counts = { asked: 0, served: 0, limited: 0, fivexx: 0, variantsNot404: 0, probesNot400: 0, sent: 0 };
    let position = 0;
    const lane = async () => {
      while (position < shots.length) {
        const shot = shots[position++]!;
        counts.sent += 1;
        counts.asked += shot.runs;
        const response = await fetch(`${server.origin}${shot.path}`, {
          method: 'POST',
          headers: { ...shot.headers, 'CF-Connecting-IP': shot.address },
          body: shot.body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.status >= 500) counts.fivexx += 1;
        if (response.status === 429) counts.limited += 1;
        if (shot.kind === 'variant' && response.status !== 404) counts.variantsNot404 += 1;
        if (shot.kind === 'probe' && response.status !== 400) counts.probesNot400 += 1;
        if (shot.kind !== 'variant' && shot.kind !== 'probe') counts.served += runsServed(shot, response.status, text);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const elapsed = (performance.now() - started) / 1000;
    const oneWindow = Math.floor(Date.now() / 60_000) === startMinute;
    const allowed = oneWindow ? LIMITS.toolCalls : 2 * LIMITS.toolCalls;
    console.log(
      `abuse run: budget ${LIMITS.toolCalls} tool runs per 60 s and address; ${counts.sent} requests in ${elapsed.toFixed(1)} s` +
        `${oneWindow ? ', within one window' : ', across a window boundary'}`,
    );
    console.log(`tool runs asked ${counts.asked}, answered ${counts.served} (at most ${allowed}); 429: ${counts.limited}`);
    console.log(`path variants not 404: ${counts.variantsNot404}; batches of 100 not 400: ${counts.probesNot400}; 5xx: ${counts.fivexx}`);
    const held =
      counts.served <= allowed && counts.served > 0 && counts.variantsNot404 === 0 && counts.probesNot400 === 0 && counts.fivexx === 0;
    return held ? 0 : 1;
  } finally {
    await server.stop();
  }
}

runLoadScript(main);
