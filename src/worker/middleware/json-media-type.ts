// Refuses request bodies that are not JSON by media type (415) before they are read.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** Accepts `application/json` and `application/*+json`, with or without parameters. */
export function requireJsonMediaType(): MiddlewareHandler<AppEnv> {
  return async function checkMediaType(c, next) {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      throw new ApiError('unsupported-media-type', 'The request body must be sent as Content-Type: application/json.', '', {
        'Accept-Post': 'application/json',
      });
    }
    await next();
  };
}
