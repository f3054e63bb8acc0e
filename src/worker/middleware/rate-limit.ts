// Rate limits with the Workers Rate Limiting binding. Tool runs (POST
// /v1/dispatch, /mcp; each tools/call of an MCP batch) count against one
// budget, every other request but /healthz against a second, cheaper one; the
// route table (routes/table.ts) says which. The caller is the bearer token when
// it is the host's token, otherwise the client address: an unknown or wrong
// token never buys a fresh budget. The limits themselves (requests per 10 or 60
// seconds, per key and Cloudflare location) live in wrangler.toml.
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimitBindings } from '../config';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { budgetOf, rawPathOf } from '../routes/table';
import { bearerTokenOf, isHostToken, sha256Hex } from './token';

export { budgetOf };
/**
 * The binding says only whether a request is within the budget, not when the
 * window ends. Its period is 10 or 60 seconds, so after 60 seconds a new
 * window has begun whichever period the host chose.
 */
export const RETRY_AFTER_SECONDS = 60;

export interface RateLimitOptions {
  readonly bindings: RateLimitBindings;
  /** The host's API_TOKEN: only this token keys a caller by token. */
  readonly apiToken: string | undefined;
}

/** Which budgets have no binding; app assembly reports them once at start-up. */
export function unlimitedBudgets(bindings: RateLimitBindings): (keyof RateLimitBindings)[] {
  return (['toolCalls', 'reads'] as const).filter((budget) => bindings[budget] === undefined);
}

/**
 * Middleware that answers `429 rate-limited` (a JSON-RPC error on /mcp) with
 * `Retry-After` once a caller has spent its budget. Mount it before the token
 * check, so a flood of wrong tokens is limited by address as well.
 */
export function rateLimit({ bindings, apiToken }: RateLimitOptions): MiddlewareHandler<AppEnv> {
  const callerKey = callerKeyFor(apiToken);
  return async function limitRate(c, next) {
    const budget = budgetOf(rawPathOf(c.req.url));
    const binding = budget === undefined ? undefined : bindings[budget];
    if (binding === undefined) {
      c.set('chargeToolCalls', async () => {});
      return next();
    }
    const key = await callerKey(c);
    // An MCP batch runs more tools than its one request: the route charges the rest here, one unit each.
    c.set('chargeToolCalls', async (extraRuns) => {
      for (let run = 0; run < extraRuns; run += 1) if (!(await withinBudget(binding, key))) throw rateLimited(budget);
    });
    if (await withinBudget(binding, key)) return next();
    throw rateLimited(budget);
  };
}

function rateLimited(budget: keyof RateLimitBindings | undefined): ApiError {
  const retryAfter = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  const message =
    budget === 'toolCalls'
      ? `Too many tool calls from this caller; retry after ${RETRY_AFTER_SECONDS} seconds.`
      : `Too many requests from this caller; retry after ${RETRY_AFTER_SECONDS} seconds.`;
  // On /mcp, errorResponse answers it as a JSON-RPC error whose data carries the wait.
  return new ApiError('rate-limited', message, '', retryAfter, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}

/**
 * A failing limiter must not take the service down with it: the request is
 * served, and the failure is logged by its error name only.
 */
async function withinBudget(binding: RateLimit, key: string): Promise<boolean> {
  try {
    return (await binding.limit({ key })).success;
  } catch (err) {
    console.error(JSON.stringify({ event: 'rate-limit-failed', error: err instanceof Error ? err.name : typeof err }));
    return true;
  }
}

/** `token:<SHA-256 hex>` for the host's token, else `address:<CF-Connecting-IP>`. */
function callerKeyFor(apiToken: string | undefined): (c: Context<AppEnv>) => Promise<string> {
  return async (c) => {
    const address = `address:${c.req.header('cf-connecting-ip') ?? 'unknown'}`;
    if (apiToken === undefined) return address;
    const given = bearerTokenOf(c.req.header('authorization'));
    if (given === undefined || !(await isHostToken(given, apiToken))) return address;
    return `token:${await sha256Hex(given)}`;
  };
}
