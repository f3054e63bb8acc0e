// Starts the Worker with `wrangler dev` on a free local port (with the local
// EVIDENCE namespace, seeded from examples/evidence as `npm start` does), waits
// for /healthz, and starts one headless Chromium that every test file connects
// to (a launch per file cost seconds each); hands both addresses to the browser
// tests, and stops them after. Without Chromium it starts neither and, at the
// end of the run, says in one line that the browser tests were skipped (under
// CI it fails instead; see chromium-plan.ts).
// BROWSER_TEST_WRANGLER_CONFIG names another wrangler config to serve instead.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startWranglerDev } from '../../scripts/lib/wrangler-dev';
import { browserTestPlan, CHROMIUM_ARGS } from './chromium-plan';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumEndpoint: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_MS = 90_000;

function seedEvidence(config: string): void {
  const files = readdirSync(`${root}examples/evidence`).filter((name) => name.endsWith('.json')).map((name) => `examples/evidence/${name}`);
  const run = spawnSync('npx', ['tsx', 'scripts/evidence-put.ts', ...files, '--local', '--config', config], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`seeding the local EVIDENCE namespace failed:\n${run.stderr}${run.stdout}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const plan = browserTestPlan(process.env);
  if (plan.kind === 'fail') throw new Error(plan.message);
  if (plan.kind === 'skip') {
    return async () => {
      console.warn(plan.message);
    };
  }
  const config = process.env.BROWSER_TEST_WRANGLER_CONFIG ?? 'wrangler.toml';
  seedEvidence(config);
  const [worker, browser] = await Promise.all([
    startWranglerDev({ root, startupMs: STARTUP_MS, config, state: 'project' }),
    chromium.launchServer({ executablePath: plan.executablePath, args: [...CHROMIUM_ARGS] }),
  ]);
  const stop = async () => {
    await Promise.all([worker.stop(), browser.close()]);
  };
  try {
    const page = await fetch(`${worker.origin}/`);
    if (!page.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(`GET / answered ${page.status} ${page.headers.get('content-type')}, not the review page: the app must mount pageHandler (src/worker/page/page-route.ts).`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('baseUrl', worker.origin);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return stop;
}
