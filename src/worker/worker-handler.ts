// The Worker's fetch handler: validates the host configuration and builds the
// app once per isolate (per env object), so a request only pays for its own KV
// read. index.ts (the shipped entry) creates it with MCP mounted.
import type { Hono } from 'hono';
import { createApp, createConfigErrorApp, createInternalErrorApp, type OptionalRoutes } from './app';
import { ConfigError, parseHostConfig, versionIdOf } from './config';
import type { AppEnv, WorkerEnv } from './env';
import { createHostDispatcher } from './host';

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
      console.error(JSON.stringify({ event: 'app-build-failed', error: errorName(err) }));
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

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}
