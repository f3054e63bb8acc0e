// Who may call the API: the bearer token the host set (API_TOKEN) and the
// browser origins it lists (CORS_ORIGINS). app.ts applies both once, in front
// of every route.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

import { bearerTokenOf, isHostToken } from './token';

/**
 * Answers 401 `unauthorized` unless the request carries `Authorization: Bearer
 * <token>`, compared by isHostToken (token.ts), as the rate limit compares it. Not hono's `bearerAuth`: that one answers a malformed header with 400
 * and a plain-text body, where this API answers every missing or wrong token
 * with the same 401 envelope.
 */
export function bearerAuth(token: string): MiddlewareHandler<AppEnv> {
  return async function requireBearer(c, next) {
    if (!(await isHostToken(bearerTokenOf(c.req.header('authorization')) ?? '', token))) {
      throw new ApiError(
        'unauthorized',
        'This endpoint needs the header Authorization: Bearer <token> with the token the host configured.',
        '',
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    }
    await next();
  };
}

const CORS_MAX_AGE_SECONDS = 600;

/**
 * CORS for the listed origins only. A listed origin gets hono's CORS answer,
 * preflight included; any other request, with another origin or none, passes
 * on as if CORS were off: no CORS header at all, and an OPTIONS request gets
 * the route's own JSON answer (405, 404 or 401). `Vary: Origin` goes on every
 * answer, so a shared cache never hands one origin's answer to another.
 */
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
