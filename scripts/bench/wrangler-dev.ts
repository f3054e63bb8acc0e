// Starts `wrangler dev` on loopback for the HTTP row and stops it again: its own
// process group, free ports, a throwaway local state directory (local KV, no
// remote bindings), and a wait until GET /healthz answers 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;

/** A running `wrangler dev`; `stop` ends its whole process group. */
export interface WranglerDev {
  readonly origin: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

async function waitForHealth(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}: ${log().slice(-500)}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer GET /healthz within ${READY_TIMEOUT_MS / 1000} s: ${log().slice(-500)}`);
}

/**
 * Runs `npx wrangler dev` in `root` (its [build] command compiles the
 * catalogue first) on 127.0.0.1 and resolves once GET /healthz answers 200.
 */
export async function startWranglerDev(root: string): Promise<WranglerDev> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const state = mkdtempSync(join(tmpdir(), 'writing-rules-dev-state-'));
  const args = [
    'wrangler', 'dev', '--local', '--ip', HOST, '--port', String(port), '--inspector-port', String(inspectorPort),
    '--persist-to', state, '--show-interactive-dev-session=false',
  ];
  const child = spawn('npx', args, {
    cwd: root,
    detached: true, // its own process group, so stop() reaches workerd too
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000); // drained, so a full pipe never stalls the server
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('SIGINT', onInterrupt);
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(timer);
    signalGroup(child, 'SIGKILL'); // anything of the group that outlived wrangler
    rmSync(state, { recursive: true, force: true });
  };
  const onInterrupt = () => {
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);

  const origin = `http://${HOST}:${port}`;
  try {
    await waitForHealth(origin, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
