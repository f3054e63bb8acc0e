// Starts the Worker with `wrangler dev` on a free local port (with the local
// EVIDENCE namespace, seeded from examples/evidence as `npm start` does), waits
// for /healthz, hands the base URL to the browser tests, and stops it after.
// BROWSER_TEST_WRANGLER_CONFIG names another wrangler config to serve instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function seedEvidence(config: string): void {
  const files = readdirSync(`${root}examples/evidence`).filter((name) => name.endsWith('.json')).map((name) => `examples/evidence/${name}`);
  const run = spawnSync('npx', ['tsx', 'scripts/evidence-put.ts', ...files, '--local', '--config', config], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`seeding the local EVIDENCE namespace failed:\n${run.stderr}${run.stdout}`);
}

async function waitForHealth(url: string, worker: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`wrangler dev exited with ${worker.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${url}/healthz within ${STARTUP_MS} ms:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const config = process.env.BROWSER_TEST_WRANGLER_CONFIG ?? 'wrangler.toml';
  seedEvidence(config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const worker = spawn(
    'npx',
    ['wrangler', 'dev', '--config', config, '--port', String(port), '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--log-level', 'warn'],
    { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
  );
  let log = '';
  worker.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  worker.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (worker.exitCode !== null || worker.pid === undefined) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    process.kill(-worker.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  };
  try {
    await waitForHealth(url, worker, () => log);
    const page = await fetch(`${url}/`);
    if (!page.headers.get('content-type')?.startsWith('text/html')) {
      throw new Error(`GET / answered ${page.status} ${page.headers.get('content-type')}, not the review page: the app must mount pageHandler (src/worker/page/page-route.ts).`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('baseUrl', url);
  return stop;
}
