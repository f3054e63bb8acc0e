// Headers that keep a browser from reading an API answer as a page: no MIME
// sniffing, no framing, nothing loaded. Every answer is JSON or empty.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * Adds the security headers to every answer, errors and 304s included. A route
 * that sets its own value (the review page's CSP) keeps it.
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function addSecurityHeaders(c, next) {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.header(name, value);
    }
  };
}
