// Starts headless Chromium once for every browser test file (a launch per file
// cost seconds each), and the Worker with `wrangler dev` on a free local port
// with the local EVIDENCE namespace seeded from examples/evidence, as
// `npm start` does. Vitest runs every project's global setup before any test,
// so the Worker's start (seeding, build, workerd: many seconds) is left running
// here and the browser test files wait for it (worker-ready.ts) while the other
// projects' tests run. Without Chromium it starts neither and, at the end of
// the run, says in one line that the browser tests were skipped (under CI it
// fails instead; see chromium-plan.ts).
// BROWSER_TEST_WRANGLER_CONFIG names another wrangler config to serve instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort, startWranglerDev, type WranglerDev } from '../../scripts/lib/wrangler-dev';
import { browserTestPlan, CHROMIUM_ARGS } from './chromium-plan';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumEndpoint: string;
    /** Holds why the Worker did not start, once it has failed to. */
    workerStartFailureFile: string;
    /** The lock a browser test file holds while it runs (one-file-at-a-time.ts). */
    browserFileLock: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_MS = 90_000;

/** Seeds the local EVIDENCE namespace; asynchronous, so the test runner in this process keeps running. */
function seedEvidence(config: string): Promise<void> {
  const files = readdirSync(`${root}examples/evidence`)
    .filter((name) => name.endsWith('.json'))
    .map((name) => `examples/evidence/${name}`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/evidence-put.ts', ...files, '--local', '--config', config], {
    cwd: root,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`seeding the local EVIDENCE namespace failed:\n${output}`)),
    );
  });
}

async function startWorker(config: string, port: number): Promise<WranglerDev> {
  await seedEvidence(config);
  const worker = await startWranglerDev({ root, startupMs: STARTUP_MS, config, state: 'project', port });
  try {
    const page = await fetch(`${worker.origin}/`);
    if (!page.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(
        `GET / answered ${page.status} ${page.headers.get('content-type')}, not the review page: the app must mount pageHandler (src/worker/page/page-route.ts).`,
      );
    }
  } catch (err) {
    await worker.stop();
    throw err;
  }
  return worker;
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
  const port = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'browser-tests-'));
  const failureFile = join(scratch, 'worker-start-failure.txt');
  const worker = startWorker(config, port).catch((err: Error) => {
    writeFileSync(failureFile, err.message);
    return undefined;
  });
  let browser: Awaited<ReturnType<typeof chromium.launchServer>>;
  try {
    browser = await chromium.launchServer({ executablePath: plan.executablePath, args: [...CHROMIUM_ARGS] });
  } catch (err) {
    await (await worker)?.stop();
    throw err;
  }
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('workerStartFailureFile', failureFile);
  project.provide('browserFileLock', join(scratch, 'browser-file.lock'));
  return async () => {
    await Promise.all([worker.then((started) => started?.stop()), browser.close()]);
    rmSync(scratch, { recursive: true, force: true });
  };
}
