// Starts `wrangler dev` on 127.0.0.1 for the scripts and tests that need the
// real Worker over HTTP (benchmark, load script, browser tests) and stops it
// again: free ports, its own process group (so stop() reaches workerd too), and
// a wait until GET /healthz answers 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { experimental_readRawConfig } from 'wrangler';
import { wranglerCommand } from './wrangler-command';

const HOST = '127.0.0.1';
const STOP_GRACE_MS = 5_000;
const INTERRUPTS = ['SIGINT', 'SIGTERM'] as const;

export interface WranglerDevOptions {
  /** The project folder to serve. */
  readonly root: string;
  /** Gives up when GET /healthz has not answered 200 by then. */
  readonly startupMs: number;
  /** The port to serve on, when the caller must know the address before the server is up; a free one otherwise. */
  readonly port?: number;
  /** A wrangler config other than the root's wrangler.toml. */
  readonly config?: string;
  /**
   * `'fresh'`: an empty throwaway KV store; `'project'`: the project's own
   * local store (.wrangler/state), as `npm start` seeds it.
   */
  readonly state: 'fresh' | 'project';
  /**
   * Serve a copy of the tree, so edits made during a long run cannot reload the
   * Worker. The copy is served as built, without the `[build]` command: its
   * watcher would rebuild once after start-up and restart the Worker mid-run.
   */
  readonly snapshot?: boolean;
  /** More arguments, e.g. `--var NAME:VALUE` pairs. */
  readonly extraArgs?: readonly string[];
  /** Serves a changed copy of the config (e.g. other rate limits); needs `snapshot`, so the project's own file stays as it is. */
  readonly rewriteConfig?: (raw: Record<string, unknown>) => Record<string, unknown>;
}

/** A running `wrangler dev`. */
export interface WranglerDev {
  readonly origin: string;
  readonly pid: number;
  /** The last output wrangler wrote, for a failure report. */
  readonly output: () => string;
  /** Ends the whole process group and removes any scratch folder; safe to call twice. */
  readonly stop: () => Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
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

/** Copies the tree (without dependencies, history, local state and .dev.vars) and links node_modules. */
function snapshotOf(root: string, scratch: string): string {
  const app = join(scratch, 'app');
  const skipped = new Set(['node_modules', '.git', '.wrangler', '.dev.vars']);
  cpSync(root, app, { recursive: true, filter: (source) => source === root || !skipped.has(basename(source)) });
  symlinkSync(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
  return app;
}

/**
 * Writes the snapshot's config, rewritten and without `[build]`, beside the
 * config it was read from (so relative paths still hold) and returns its name.
 */
function snapshotConfig(cwd: string, config: string, rewrite: WranglerDevOptions['rewriteConfig'] = (raw) => raw): string {
  const { rawConfig } = experimental_readRawConfig({ config: join(cwd, config) }) as { rawConfig: Record<string, unknown> };
  const { build: _build, ...served } = rewrite(rawConfig);
  const name = 'wrangler.snapshot.json';
  writeFileSync(join(cwd, name), JSON.stringify(served, null, 2));
  return name;
}

async function waitForHealth(origin: string, child: ChildProcess, startupMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + startupMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${output().slice(-1000)}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer ${origin}/healthz within ${startupMs / 1000} s:\n${output().slice(-1000)}`);
}

/** Runs `npx wrangler dev` (its [build] command compiles first) and resolves once it serves. */
export async function startWranglerDev(options: WranglerDevOptions): Promise<WranglerDev> {
  const [port, inspectorPort] = [options.port ?? (await freePort()), await freePort()];
  const needsScratch = options.state === 'fresh' || options.snapshot === true;
  const scratch = needsScratch ? mkdtempSync(join(tmpdir(), 'writing-rules-dev-')) : undefined;
  const cwd = options.snapshot && scratch ? snapshotOf(options.root, scratch) : options.root;
  if (options.rewriteConfig && cwd === options.root) throw new Error('rewriteConfig needs snapshot: true');
  const config = cwd === options.root ? options.config : snapshotConfig(cwd, options.config ?? 'wrangler.toml', options.rewriteConfig);
  const [command, args] = wranglerCommand([
    'dev',
    '--local',
    '--ip',
    HOST,
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...(config ? ['--config', config] : []),
    ...(options.state === 'fresh' && scratch ? ['--persist-to', join(scratch, 'state')] : []),
    ...(options.extraArgs ?? []),
  ]);
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
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
    for (const signal of INTERRUPTS) process.off(signal, onInterrupt);
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(timer);
    signalGroup(child, 'SIGKILL'); // anything of the group that outlived wrangler
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  // Ctrl-C or a kill of this process still stops the server it started.
  const onInterrupt = () => void stop().finally(() => process.exit(130));
  for (const signal of INTERRUPTS) process.once(signal, onInterrupt);

  const origin = `http://${HOST}:${port}`;
  try {
    await waitForHealth(origin, child, options.startupMs, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.pid!, output: () => output, stop };
}
