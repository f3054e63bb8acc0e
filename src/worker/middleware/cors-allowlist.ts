// CORS for the origins in CORS_ORIGINS only (CONTRACT section 9). A listed
// origin gets Hono's CORS answer, preflight included; any other request,
// with another origin or none, passes on as if CORS were off: no CORS header
// at all, and an OPTIONS request gets the route's own JSON answer (405, 404 or
// 401). `Vary: Origin` goes on every answer, so a shared cache never hands one
// origin's answer to another. app.ts mounts it when CORS_ORIGINS is set.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';

const CORS_MAX_AGE_SECONDS = 600;

/** CORS headers and preflight answers for the listed origins, nothing for others. */
export function corsAllowlist(origins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins);
  const listed = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'Mcp-Protocol-Version'],
    exposeHeaders: ['ETag', 'X-Request-Id', 'Retry-After', 'X-Worker-Version', 'X-Catalogue-Version'],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
  return async function allowlistedCors(c, next) {
    if (allowed.has(c.req.header('origin') ?? '')) return listed(c, next);
    await next();
    c.header('Vary', 'Origin', { append: true });
  };
}
