// Starts `wrangler dev` on loopback for the load script from a snapshot of the
// working tree (so edits made during a run cannot reload the Worker), with an
// empty throw-away KV store; waits until /healthz answers, and stops it again
// by the process group it started. Used only by scripts/load/run.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface DevServer {
  readonly origin: string;
  readonly pid: number;
  readonly inspectorPort: number;
  /** The last lines wrangler wrote, for a failure report. */
  readonly output: () => string;
  readonly stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts wrangler dev on 127.0.0.1 (with `extraArgs`, e.g. `--var` pairs) and
 * resolves once /healthz answers, or rejects after `startupMs`.
 */
export async function startDevServer(startupMs: number, extraArgs: readonly string[] = []): Promise<DevServer> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const scratch = mkdtempSync(join(tmpdir(), 'writing-rules-load-'));
  const app = join(scratch, 'app');
  const persist = join(scratch, 'state');
  const root = process.cwd();
  // Everything but dependencies, history, local state and local secrets (.dev.vars).
  const skipped = new Set(['node_modules', '.git', '.wrangler', '.dev.vars']);
  cpSync(root, app, { recursive: true, filter: (source) => source === root || !skipped.has(basename(source)) });
  symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
  const child = spawn(
    'npx',
    ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort), '--persist-to', persist, '--log-level', 'warn', '--show-interactive-dev-session=false', ...extraArgs],
    { cwd: app, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      // The group holds wrangler and the workerd it started; this script started both.
      process.kill(-child.pid, 'SIGTERM');
      const killed = await Promise.race([exited(child).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
      if (!killed) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(scratch, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startupMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return { origin, pid: child.pid!, inspectorPort, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not answer /healthz within ${startupMs} ms:\n${output}`);
}
