// The Hono app and the Worker's fetch handler. The app is built once per
// isolate (per env object) from the validated host configuration, so a request
// only pays for its own work. Every route family lives in routes/ (and the page
// in page/); this file is the one place that applies the middleware in front
// of them: logging, security headers, 405 answers, CORS, rate limits, the
// bearer token.
import { Hono } from 'hono/tiny';
import { except } from 'hono/combine';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { secureHeaders } from 'hono/secure-headers';
import { ConfigError, parseHostConfig, versionIdOf, type HostConfig } from './config';
import type { AppEnv, WorkerEnv } from './env';
import { echo } from '../core/input-checks/echo';
import { ApiError, errorResponse } from './errors';
import { createHostDispatcher } from './host';
import { bearerAuth, corsAllowlist } from './middleware/access';
import { rateLimit, unlimitedBudgets } from './middleware/rate-limit';
import { requestLog, type RequestLogOptions } from './middleware/request-log';
import { pageHandler } from './page/page-route';
import { dispatchRoutes, type ToolDispatcher } from './routes/dispatch';
import { healthHandler } from './routes/health';
import { describeRoutes, isRouteVariant, OPEN_PATHS, rawPathOf } from './routes/table';
import { toolRoutes } from './routes/tools';

/** Routes a build may leave out; the shipped entry (index.ts) mounts all of them. */
export interface OptionalRoutes {
  /** POST /mcp (routes/mcp.ts). Left out, the app serves no MCP and bundles none of its SDK. */
  readonly mcpRoutes?: (dispatcher: ToolDispatcher, config: HostConfig) => Hono<AppEnv>;
}

/** Everything the app needs, resolved before the first request. */
export interface AppDependencies extends OptionalRoutes {
  readonly config: HostConfig;
  readonly dispatcher: ToolDispatcher;
}

export { OPEN_PATHS };

/** Builds the HTTP API for one host configuration. */
export function createApp({ config, dispatcher, mcpRoutes }: AppDependencies): Hono<AppEnv> {
  const app = baseApp({ versionId: config.versionId, sampleRate: config.requestLogSampleRate });
  // A path that exists without the request's method answers 405 with `Allow`
  // (hono's middleware reads the registered routes; GET implies HEAD).
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        errorResponse(
          c,
          new ApiError('method-not-allowed', `This endpoint accepts ${methods.join(', ')} only.`, '', { Allow: methods.join(', ') }),
        ),
    }),
  );
  if (config.corsOrigins.length > 0) app.use('*', corsAllowlist(config.corsOrigins));
  // After CORS, so a browser can read the 429; before the token, so a flood of wrong tokens is limited too.
  app.use('*', rateLimit({ bindings: config.rateLimits, apiToken: config.apiToken }));
  reportUnlimitedBudgets(config);
  if (config.apiToken !== undefined) app.use('*', except([...OPEN_PATHS], bearerAuth(config.apiToken)));
  // One path per route: a trailing slash, another case or a percent-encoded
  // letter names no route (404), so it cannot reach a tool on another budget.
  app.use('*', async (c, next) => {
    if (isRouteVariant(rawPathOf(c.req.url))) throw notFound(c.req.path);
    await next();
  });

  app.get('/', pageHandler(config));
  app.get('/healthz', healthHandler(config.versionId));
  app.route('/', toolRoutes({ shared: config.apiToken === undefined }));
  app.route('/', dispatchRoutes(dispatcher));
  if (mcpRoutes !== undefined) app.route('/', mcpRoutes(dispatcher, config));
  return app;
}

/** An app that answers every request with 500 `invalid-config`. */
export function createConfigErrorApp(message: string, versionId: string | undefined): Hono<AppEnv> {
  return refusingApp(new ApiError('invalid-config', message), versionId);
}

/** An app that answers every request with 500 `internal-error`: the app could not be built. */
export function createInternalErrorApp(versionId: string | undefined): Hono<AppEnv> {
  return refusingApp(
    new ApiError('internal-error', 'The service failed to start; its operator can find the cause in the Worker logs.'),
    versionId,
  );
}

// Every refusal is a 5xx, which the request log always writes.
function refusingApp(error: ApiError, versionId: string | undefined): Hono<AppEnv> {
  const app = baseApp({ versionId, sampleRate: 1 });
  app.all('*', () => {
    throw error;
  });
  return app;
}

/**
 * Headers that keep a browser from reading an API answer as a page: no MIME
 * sniffing, no framing, nothing loaded, no referrer. Every API answer is JSON
 * or empty; a route that sets its own value (the review page's CSP) keeps it.
 */
const apiSecurityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xContentTypeOptions: true,
    referrerPolicy: true,
    // The rest of hono's defaults are left to the routes that need them (the page sets its own).
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    overwrite: false,
  });

/** Says once per isolate which budgets are not limited because their binding is missing. */
function reportUnlimitedBudgets(config: HostConfig): void {
  const unlimited = unlimitedBudgets(config.rateLimits);
  if (unlimited.length > 0) console.warn(JSON.stringify({ event: 'rate-limits-off', budgets: unlimited }));
}

function baseApp(logOptions: RequestLogOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestLog(logOptions));
  app.use('*', apiSecurityHeaders());
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorResponse(c, notFound(c.req.path)));
  return app;
}

// The path is the caller's: quoted, cut and printable like every value a message echoes.
const notFound = (path: string) =>
  new ApiError('not-found', `No endpoint at ${echo(path)}. The service answers exactly these paths: ${describeRoutes()}.`);

/** What the Worker exports: a fetch handler. */
export type WorkerHandler = Required<Pick<ExportedHandler<WorkerEnv>, 'fetch'>>;

/** A Worker handler serving the app, with the optional routes given. */
export function createWorkerHandler(routes: OptionalRoutes): WorkerHandler {
  const apps = new WeakMap<WorkerEnv, Hono<AppEnv>>();

  function buildApp(env: WorkerEnv): Hono<AppEnv> {
    try {
      const config = parseHostConfig(env);
      return createApp({ config, dispatcher: createHostDispatcher(config, env), ...routes });
    } catch (err) {
      if (err instanceof ConfigError) {
        console.error(JSON.stringify({ event: 'invalid-config', variable: err.variable, message: err.message }));
        return createConfigErrorApp(err.message, versionIdOf(env));
      }
      // Only the error's name (such as TypeError): its message or stack could quote a secret from env.
      console.error(JSON.stringify({ event: 'app-build-failed', error: err instanceof Error ? err.name : typeof err }));
      return createInternalErrorApp(versionIdOf(env));
    }
  }

  return {
    // Built once per env even when building fails, so a broken build is not retried on every request.
    fetch(request, env, ctx) {
      let app = apps.get(env);
      if (app === undefined) {
        app = buildApp(env);
        apps.set(env, app);
      }
      return app.fetch(request, env, ctx);
    },
  };
}
