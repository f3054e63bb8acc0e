// The Hono app factory: wires middleware and routes for one validated host
// configuration and one dispatcher. worker-handler.ts builds it once per isolate.
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { ApiError, errorResponse, methodNotAllowed } from './errors';
import type { HostConfig } from './config';
import { bearerAuth } from './middleware/bearer-auth';
import { bodyLimit } from './middleware/body-limit';
import { corsAllowlist } from './middleware/cors-allowlist';
import { requireJsonMediaType } from './middleware/json-media-type';
import { rateLimit, unlimitedBudgets } from './middleware/rate-limit';
import { requestLog, type RequestLogOptions } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { registerAgentRoutes, type AgentRouteOptions } from './routes/agents';
import { dispatchHandler, type ToolDispatcher } from './routes/dispatch';
import { healthHandler } from './routes/health';
import { toolsHandler } from './routes/tools';
import { pageHandler } from './page/page-route';

/** Routes a build may leave out; the shipped entry mounts all of them. */
export interface OptionalRoutes {
  /** Mounts POST /mcp (routes/mcp.ts). Left out, the app serves no MCP and bundles none of its SDK. */
  readonly registerMcp?: (app: Hono<AppEnv>, options: AgentRouteOptions) => void;
}

/** Everything the app needs, resolved before the first request. */
export interface AppDependencies extends OptionalRoutes {
  readonly config: HostConfig;
  readonly dispatcher: ToolDispatcher;
}

/** Builds the HTTP API for one host configuration. */
export function createApp({ config, dispatcher, registerMcp }: AppDependencies): Hono<AppEnv> {
  const app = baseApp({ versionId: config.versionId, sampleRate: config.requestLogSampleRate });

  if (config.corsOrigins.length > 0) app.use('*', corsAllowlist(config.corsOrigins));
  // After CORS, so a browser can read the 429; before the token, so wrong tokens are limited too.
  app.use('*', rateLimit({ bindings: config.rateLimits, apiToken: config.apiToken }));
  reportUnlimitedBudgets(config);
  if (config.apiToken !== undefined) app.use('/v1/*', bearerAuth(config.apiToken));
  registerMcp?.(app, { apiToken: config.apiToken, dispatcher });
  registerAgentRoutes(app, { apiToken: config.apiToken, dispatcher });

  app.get('/v1/tools', toolsHandler({ shared: config.apiToken === undefined }));
  app.all('/v1/tools', methodNotAllowed('GET, HEAD'));
  app.post('/v1/dispatch', requireJsonMediaType(), bodyLimit(), dispatchHandler(dispatcher));
  app.all('/v1/dispatch', methodNotAllowed('POST'));
  app.get('/healthz', healthHandler(config.versionId));
  app.all('/healthz', methodNotAllowed('GET, HEAD'));
  app.get('/', pageHandler(config));
  app.all('/', methodNotAllowed('GET, HEAD'));
  return app;
}

/** An app that answers every request with 500 `invalid-config`. */
export function createConfigErrorApp(message: string, versionId: string | undefined): Hono<AppEnv> {
  return refusingApp(new ApiError('invalid-config', message), versionId);
}

/** An app that answers every request with 500 `internal-error`: the app could not be built. */
export function createInternalErrorApp(versionId: string | undefined): Hono<AppEnv> {
  return refusingApp(new ApiError('internal-error', 'The service failed to start; its operator can find the cause in the Worker logs.'), versionId);
}

// Every refusal is a 5xx, which the request log always writes.
function refusingApp(error: ApiError, versionId: string | undefined): Hono<AppEnv> {
  const app = baseApp({ versionId, sampleRate: 1 });
  app.all('*', () => {
    throw error;
  });
  return app;
}

/** Says once per isolate which budgets are not limited because their binding is missing. */
function reportUnlimitedBudgets(config: HostConfig): void {
  const unlimited = unlimitedBudgets(config.rateLimits);
  if (unlimited.length > 0) console.warn(JSON.stringify({ event: 'rate-limits-off', budgets: unlimited }));
}

function baseApp(logOptions: RequestLogOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(logOptions));
  app.use('*', securityHeaders());
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) =>
    errorResponse(c, new ApiError('not-found', `No endpoint at ${c.req.path}. The service answers GET / (the review page), GET /v1/tools, POST /v1/dispatch, POST /mcp, GET /openapi.json and GET /healthz.`)),
  );
  return app;
}
