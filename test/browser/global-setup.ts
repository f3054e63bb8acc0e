// Starts the Worker with `wrangler dev` on a free local port (with the local
// EVIDENCE namespace, seeded from examples/evidence as `npm start` does), waits
// for /healthz, hands the base URL to the browser tests, and stops it after.
// BROWSER_TEST_WRANGLER_CONFIG names another wrangler config to serve instead.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startWranglerDev } from '../../scripts/lib/wrangler-dev';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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
  const config = process.env.BROWSER_TEST_WRANGLER_CONFIG ?? 'wrangler.toml';
  seedEvidence(config);
  const worker = await startWranglerDev({ root, startupMs: STARTUP_MS, config, state: 'project' });
  try {
    const page = await fetch(`${worker.origin}/`);
    if (!page.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(`GET / answered ${page.status} ${page.headers.get('content-type')}, not the review page: the app must mount pageHandler (src/worker/page/page-route.ts).`);
    }
  } catch (err) {
    await worker.stop();
    throw err;
  }
  project.provide('baseUrl', worker.origin);
  return worker.stop;
}
