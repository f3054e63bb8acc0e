// The request body of POST /v1/dispatch and POST /mcp: at most 1 MiB, refused
// before anything parses it, then strict UTF-8 (a broken byte sequence is
// refused, not replaced) and JSON. Dispatch also insists on a JSON media type.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { echo } from '../../core/input-checks/echo';
import { ApiError } from '../errors';

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = () =>
  new ApiError('body-too-large', `The request body must be at most ${MAX_BODY_BYTES} bytes (${MAX_BODY_BYTES / 1024} KiB).`);

/**
 * Answers 413 once the body passes 1 MiB: at once when Content-Length says so,
 * otherwise as the bytes stream in, so a chunked body is cut off too. Hono's
 * middleware trusts a Content-Length within the limit; workerd delivers no
 * more bytes than that header declares. The refusal is thrown for the app's
 * error handler, which answers it on /mcp as a JSON-RPC error.
 */
export function limitBody(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  return async function limitBodySize(c, next) {
    let passed = false;
    try {
      await limit(c, () => {
        passed = true;
        return next();
      });
    } catch (err) {
      // A chunked body is read here: a client that stops sending fails the read.
      if (passed || err instanceof ApiError) throw err;
      throw brokenBody();
    }
  };
}

const brokenBody = () => new ApiError('invalid-request', 'The request body ended before it was complete; send the whole body.');

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** The one rule for a JSON body on every route: Content-Type `application/json` or `application/*+json`, any case. */
export function isJsonMediaType(contentType: string | null | undefined): boolean {
  return JSON_MEDIA_TYPE.test((contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '');
}

/**
 * What keeps a body from being read as sent, or undefined: a charset other
 * than UTF-8 named in Content-Type, or a Content-Encoding (gzip, br) the
 * service does not undo. Either would otherwise be read as plain UTF-8, and a
 * body that happens to decode would be taken for something it is not.
 */
export function bodyEncodingProblem(headers: { get(name: string): string | null }): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return `The request body must be UTF-8; Content-Type names charset ${echo(charset)}.`;
  }
  const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (coding !== '' && coding !== 'identity') {
    return `The request body must be sent uncompressed; Content-Encoding ${echo(coding)} is not accepted.`;
  }
  return undefined;
}

/**
 * Refuses (415) a body that is not `application/json` or `application/*+json`,
 * or whose charset or Content-Encoding keeps it from being read as UTF-8 JSON,
 * before it is read.
 */
export function requireJsonMediaType(): MiddlewareHandler<AppEnv> {
  return async function checkMediaType(c, next) {
    const refusal = isJsonMediaType(c.req.header('content-type'))
      ? bodyEncodingProblem(c.req.raw.headers)
      : 'The request body must be sent as Content-Type: application/json.';
    if (refusal !== undefined) {
      throw new ApiError('unsupported-media-type', refusal, '', { 'Accept-Post': 'application/json', 'Accept-Encoding': 'identity' });
    }
    await next();
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A body read within the limit: its bytes, its text when it is strict UTF-8, and its JSON value when that text is JSON. */
export interface ReadBody {
  readonly bytes: Uint8Array;
  readonly text: string | undefined;
  readonly json: { readonly ok: true; readonly value: unknown } | { readonly ok: false };
}

/**
 * Reads the body (after `limitBody`) and parses it; a body that is not JSON in
 * UTF-8 gives `json.ok: false`. A body the client stops sending before its
 * end (fewer bytes than Content-Length, then a closed connection) is the
 * client's fault: 400 `invalid-request`, not a 500 of the service.
 */
export async function readJsonBody(c: Context<AppEnv>): Promise<ReadBody> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await c.req.arrayBuffer());
  } catch (err) {
    // The size limit's own refusal passes through; anything else is a broken upload.
    if (err instanceof ApiError) throw err;
    throw brokenBody();
  }
  let text: string | undefined;
  try {
    text = utf8.decode(bytes);
    return { bytes, text, json: { ok: true, value: JSON.parse(text) } };
  } catch {
    return { bytes, text, json: { ok: false } };
  }
}
