// Reads a request body within a byte limit before anything parses it. Counts the
// bytes as they stream in, so a body without Content-Length is cut off too.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Stores the body's bytes in `c.var.body`, or answers 413 once it passes `maxBytes`. */
export function bodyLimit(maxBytes: number = MAX_BODY_BYTES): MiddlewareHandler<AppEnv> {
  return async function limitBody(c, next) {
    c.set('body', await readBodyWithin(c.req.raw, maxBytes));
    await next();
  };
}

/** The request's body bytes; throws `body-too-large` as soon as they pass `maxBytes`. */
export async function readBodyWithin(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<Uint8Array> {
  const tooLarge = () =>
    new ApiError('body-too-large', `The request body must be at most ${maxBytes} bytes (${maxBytes / 1024} KiB).`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  return request.body ? readAtMost(request.body, maxBytes, tooLarge) : new Uint8Array(0);
}

async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => ApiError,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
