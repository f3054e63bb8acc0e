// GET /v1/tools: the catalogue version and the four descriptors, with a strong
// ETag over the exact body so clients can revalidate with If-None-Match. The
// same revalidation serves ?format= and /openapi.json (routes/agents.ts).
import type { Context, Handler } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { AppEnv } from '../env';

/** Cache lifetime of the descriptor list, in seconds; revalidation is cheap. */
export const TOOLS_MAX_AGE_SECONDS = 300;

/** `Cache-Control` of the descriptor answers; `shared` says whether shared caches may store them. */
export function toolsCacheControl(shared: boolean): string {
  return `${shared ? 'public' : 'private'}, max-age=${TOOLS_MAX_AGE_SECONDS}`;
}

/**
 * Answers a fixed JSON body, built on first use, with a strong ETag (its
 * SHA-256) and `cacheControl`; `304` when If-None-Match matches the ETag.
 */
export function fixedJsonAnswer(build: () => string, cacheControl: string): (c: Context<AppEnv>) => Promise<Response> {
  let tagged: Promise<{ body: string; etag: string }> | undefined;
  return async function answer(c) {
    tagged ??= (async () => {
      const body = build();
      return { body, etag: await strongEtag(body) };
    })();
    const { body, etag } = await tagged;
    c.header('ETag', etag);
    c.header('Cache-Control', cacheControl);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  };
}

/** Handler for the descriptor list; `shared` says whether shared caches may store it. */
export function toolsHandler(options: { shared: boolean }): Handler<AppEnv> {
  return fixedJsonAnswer(() => JSON.stringify({ catalogueVersion, tools: writingReviewTools }), toolsCacheControl(options.shared));
}

async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

// If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored.
function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}
