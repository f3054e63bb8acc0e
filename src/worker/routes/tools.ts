// The descriptor routes: GET /v1/tools (the catalogue version and the four
// descriptors, or with ?format= their projection into a provider tool format)
// and GET /openapi.json (the HTTP API described from the same descriptors).
// Each body is fixed for the isolate and carries a strong ETag over its exact
// bytes, so clients revalidate with If-None-Match.
import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import { SUPPORTED_TOOL_FORMATS, isToolFormat, projectTools } from '../../core/projections/index';
import type { AppEnv } from '../env';
import { echo } from '../../core/input-checks/echo';
import { ApiError } from '../errors';
import { buildOpenApiDocument } from '../openapi/document';

/** Cache lifetime of the descriptor answers, in seconds; revalidation is cheap. */
const TOOLS_MAX_AGE_SECONDS = 300;

/**
 * The descriptor routes. `shared` says whether shared caches may store the
 * answers: not when a token guards them.
 */
export function toolRoutes({ shared }: { readonly shared: boolean }): Hono<AppEnv> {
  const cacheControl = `${shared ? 'public' : 'private'}, max-age=${TOOLS_MAX_AGE_SECONDS}`;
  const descriptors = fixedJsonAnswer(() => JSON.stringify({ catalogueVersion, tools: writingReviewTools }), cacheControl);
  const byFormat = new Map(
    SUPPORTED_TOOL_FORMATS.map((format) => [
      format,
      fixedJsonAnswer(() => JSON.stringify({ catalogueVersion, format, tools: projectTools(format, writingReviewTools) }), cacheControl),
    ]),
  );
  const openApi = fixedJsonAnswer(
    () => JSON.stringify(buildOpenApiDocument({ tools: writingReviewTools, catalogueVersion })),
    cacheControl,
  );

  const routes = new Hono<AppEnv>();
  routes.get('/v1/tools', (c) => {
    // One `format` at most and no other parameter: a second value or a misspelt name would otherwise be dropped unseen.
    const parameters = c.req.queries();
    const unknown = Object.keys(parameters).find((name) => name !== 'format');
    if (unknown !== undefined)
      throw new ApiError('invalid-request', `Unknown query parameter ${echo(unknown)}; /v1/tools takes format only.`);
    if ((parameters.format?.length ?? 0) > 1) throw new ApiError('invalid-request', 'format may be given once.');
    const format = c.req.query('format');
    if (format === undefined) return descriptors(c);
    if (!isToolFormat(format)) {
      throw new ApiError(
        'invalid-request',
        `format must be one of ${SUPPORTED_TOOL_FORMATS.join(', ')}; leave it out for the provider-neutral descriptors.`,
      );
    }
    return byFormat.get(format)!(c);
  });
  routes.get('/openapi.json', (c) => openApi(c));
  return routes;
}

/**
 * Answers a fixed JSON body, built on first use, with a strong ETag (its
 * SHA-256) and `cacheControl`; `304` when If-None-Match matches the ETag.
 * Not hono's `etag` middleware: its 304 keeps only the caching headers, so a
 * listed origin's own revalidation would lose its CORS headers; and these
 * bodies are fixed, so their tag is computed once per isolate.
 */
function fixedJsonAnswer(build: () => string, cacheControl: string): (c: Context<AppEnv>) => Promise<Response> {
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
