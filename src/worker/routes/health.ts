// GET /healthz: liveness, the catalogue version and the deployment's version ID,
// so an operator can tell which version answered during a gradual rollout.
// Open without a token and never rate limited, so that load balancers and
// uptime checks can always call it.
import type { Handler } from 'hono';
import { catalogueVersion } from '../../core/index';
import type { AppEnv } from '../env';

/** Handler for the health check; never cached. `versionId` is null without the version metadata binding. */
export function healthHandler(versionId: string | undefined): Handler<AppEnv> {
  const body = { ok: true, catalogueVersion, versionId: versionId ?? null } as const;
  return function health(c) {
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  };
}
