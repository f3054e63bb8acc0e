// Requires `Authorization: Bearer <token>` when the host set API_TOKEN. Compares
// the SHA-256 digests of both tokens byte by byte without an early exit, so
// neither the token's content nor its length leaks through timing.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const BEARER = /^Bearer +([^\s]+) *$/i;
const encoder = new TextEncoder();

function sha256(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', encoder.encode(value));
}

/** Answers 401 `unauthorized` unless the request carries the configured token. */
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
