// The Worker entry. Validates the host configuration and builds the app once
// per isolate (per env object), so a request only pays for its own KV read.
import type { Hono } from 'hono';
import { createApp, createConfigErrorApp } from './app';
import { ConfigError, parseHostConfig } from './config';
import type { AppEnv, WorkerEnv } from './env';
import { createHostDispatcher } from './host';

const apps = new WeakMap<WorkerEnv, Hono<AppEnv>>();

function appFor(env: WorkerEnv): Hono<AppEnv> {
  let app = apps.get(env);
  if (app === undefined) {
    app = buildApp(env);
    apps.set(env, app);
  }
  return app;
}

function buildApp(env: WorkerEnv): Hono<AppEnv> {
  try {
    const config = parseHostConfig(env);
    return createApp({ config, dispatcher: createHostDispatcher(config, env) });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(JSON.stringify({ event: 'invalid-config', variable: err.variable, message: err.message }));
    return createConfigErrorApp(err.message);
  }
}

export default {
  fetch(request, env, ctx) {
    return appFor(env).fetch(request, env, ctx);
  },
} satisfies ExportedHandler<WorkerEnv>;
