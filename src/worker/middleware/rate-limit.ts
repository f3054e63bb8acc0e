// Rate limits with the Workers Rate Limiting binding. Tool calls (POST
// /v1/dispatch, /mcp) count against one budget, every other request but
// /healthz against a second, cheaper one. The caller is the bearer token when
// it is the host's token, otherwise the client address: an unknown or wrong
// token never buys a fresh budget. The limits themselves (requests per 10 or 60
// seconds, per key and Cloudflare location) live in wrangler.toml.
import type { Context, MiddlewareHandler } from 'hono';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { RateLimitBindings } from '../config';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Paths whose requests spend the tool-call budget; answered as JSON-RPC on /mcp. */
export const TOOL_CALL_PATHS: ReadonlySet<string> = new Set(['/v1/dispatch', '/mcp']);
/** Never limited, so uptime checks and load balancers always see the service. */
export const UNLIMITED_PATHS: ReadonlySet<string> = new Set(['/healthz']);
/**
 * The binding says only whether a request is within the budget, not when the
 * window ends. Its period is 10 or 60 seconds, so after 60 seconds a new
 * window has begun whichever period the host chose.
 */
export const RETRY_AFTER_SECONDS = 60;

const BEARER = /^Bearer +([^\s]+) *$/i;
const encoder = new TextEncoder();

export interface RateLimitOptions {
  readonly bindings: RateLimitBindings;
  /** The host's API_TOKEN: only this token keys a caller by token. */
  readonly apiToken: string | undefined;
}

/** The budget a path spends, or undefined when it is never limited. */
export function budgetOf(path: string): keyof RateLimitBindings | undefined {
  if (UNLIMITED_PATHS.has(path)) return undefined;
  return TOOL_CALL_PATHS.has(path) ? 'toolCalls' : 'reads';
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
    const budget = budgetOf(c.req.path);
    const binding = budget === undefined ? undefined : bindings[budget];
    if (binding === undefined || (await withinBudget(binding, await callerKey(c)))) return next();
    const retryAfter = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
    const message =
      budget === 'toolCalls'
        ? `Too many tool calls from this caller; retry after ${RETRY_AFTER_SECONDS} seconds.`
        : `Too many requests from this caller; retry after ${RETRY_AFTER_SECONDS} seconds.`;
    // On /mcp, errorResponse answers it as a JSON-RPC error whose data carries the wait.
    throw new ApiError('rate-limited', message, '', retryAfter, { retryAfterSeconds: RETRY_AFTER_SECONDS });
  };
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
  let expected: Promise<string> | undefined;
  return async (c) => {
    const address = `address:${c.req.header('cf-connecting-ip') ?? 'unknown'}`;
    if (apiToken === undefined) return address;
    const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (given === undefined) return address;
    expected ??= sha256Hex(apiToken);
    const [givenDigest, expectedDigest] = await Promise.all([sha256Hex(given), expected]);
    return (await timingSafeEqual(givenDigest, expectedDigest)) ? `token:${givenDigest}` : address;
  };
}

async function sha256Hex(value: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
