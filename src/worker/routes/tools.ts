// GET /v1/tools: the catalogue version and the four descriptors, with a strong
// ETag over the exact body so clients can revalidate with If-None-Match.
import type { Handler } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { AppEnv } from '../env';

/** Cache lifetime of the descriptor list, in seconds; revalidation is cheap. */
export const TOOLS_MAX_AGE_SECONDS = 300;

/** Handler for the descriptor list; `shared` says whether shared caches may store it. */
export function toolsHandler(options: { shared: boolean }): Handler<AppEnv> {
  const body = JSON.stringify({ catalogueVersion, tools: writingReviewTools });
  const cacheControl = `${options.shared ? 'public' : 'private'}, max-age=${TOOLS_MAX_AGE_SECONDS}`;
  let etag: Promise<string> | undefined;

  return async function listTools(c) {
    etag ??= strongEtag(body);
    const tag = await etag;
    c.header('ETag', tag);
    c.header('Cache-Control', cacheControl);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), tag)) return c.body(null, 304);
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  };
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
