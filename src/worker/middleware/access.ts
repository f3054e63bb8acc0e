// Who may call the API: the bearer token the host set (API_TOKEN) and the
// browser origins it lists (CORS_ORIGINS). app.ts applies both once, in front
// of every route.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const BEARER = /^Bearer +([^\s]+) *$/i;
const encoder = new TextEncoder();

function sha256(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(value));
}

/**
 * Answers 401 `unauthorized` unless the request carries `Authorization: Bearer
 * <token>`. Compares the SHA-256 digests of both tokens byte by byte without an
 * early exit, so neither the token's content nor its length leaks through
 * timing. Not hono's `bearerAuth`: that one answers a malformed header with 400
 * and a plain-text body, where this API answers every missing or wrong token
 * with the same 401 envelope.
 */
export function bearerAuth(token: string): MiddlewareHandler<AppEnv> {
  let expected: Promise<ArrayBuffer> | undefined;

  return async function requireBearer(c, next) {
    expected ??= sha256(token);
    const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    const [givenDigest, expectedDigest] = await Promise.all([sha256(given), expected]);
    if (!sameBytes(new Uint8Array(givenDigest), new Uint8Array(expectedDigest))) {
      throw new ApiError('unauthorized', 'This endpoint needs the header Authorization: Bearer <token> with the token the host configured.', '', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    await next();
  };
}

// Both digests are 32 bytes: every byte is compared, whatever differs.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
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
