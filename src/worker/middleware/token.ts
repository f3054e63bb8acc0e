// The one comparison of a caller's bearer token with the host's, used by the
// token check (access.ts) and by the rate limit's caller key (rate-limit.ts).
const BEARER = /^Bearer +([^\s]+) *$/i;
const encoder = new TextEncoder();

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

const digests = new Map<string, Promise<Uint8Array>>();

function sha256(value: string): Promise<Uint8Array> {
  return crypto.subtle.digest('SHA-256', encoder.encode(value)).then((digest) => new Uint8Array(digest));
}

/**
 * Whether `given` is the host's token. Compares the SHA-256 digests of both
 * byte by byte without an early exit, so neither the token's content nor its
 * length leaks through timing. The host's digest is computed once.
 */
export async function isHostToken(given: string, hostToken: string): Promise<boolean> {
  let expected = digests.get(hostToken);
  if (expected === undefined) {
    expected = sha256(hostToken);
    digests.set(hostToken, expected);
  }
  const [a, b] = await Promise.all([sha256(given), expected]);
  let difference = a.length ^ b.length;
  for (let i = 0; i < a.length; i += 1) difference |= a[i]! ^ (b[i] ?? 0);
  return difference === 0;
}

/** Lower-case hex of the SHA-256 digest: the rate limit's key for the host's token, never the token itself. */
export async function sha256Hex(value: string): Promise<string> {
  return [...(await sha256(value))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
