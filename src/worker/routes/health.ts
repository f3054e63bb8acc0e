// GET /healthz: liveness and the catalogue version the Worker serves. Open
// without a token so that load balancers and uptime checks can call it.
import type { Handler } from 'hono';
import { catalogueVersion } from '../../core/index';
import type { AppEnv } from '../env';

/** Handler for the health check; never cached. */
export function healthHandler(): Handler<AppEnv> {
  return function health(c) {
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true, catalogueVersion });
  };
}
