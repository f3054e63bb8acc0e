// The Worker exactly as `wrangler deploy` would upload it: `wrangler deploy
// --dry-run --outdir` runs the [build] command and the bundler with every
// wrangler.toml setting (minify, keep_names, [alias]) and writes the bundle
// without uploading it. The bundle benchmark weighs it; the bundle tests and
// the cold-start benchmark run it in Miniflare, so the artifact that deploys
// is the one measured and tested.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unstable_readConfig } from 'wrangler';
import { wranglerCommand } from './wrangler-command';

/** A bundle written by `wrangler deploy --dry-run`. */
export interface DeployBundle {
  readonly dir: string;
  /** The module Workers would run (`index.js`). */
  readonly scriptPath: string;
  /** esbuild's metafile of the build: which inputs went in. */
  readonly metafilePath: string;
  /** Removes the folder. */
  readonly remove: () => void;
}

/**
 * Bundles `entry` (the wrangler.toml `main` when undefined) into a new temp
 * folder. Throws with wrangler's output when the build fails.
 */
export function buildDeployBundle(root: string, entry?: string): DeployBundle {
  const dir = mkdtempSync(join(tmpdir(), 'writing-rules-bundle-'));
  const metafilePath = join(dir, 'meta.json');
  const [command, args] = wranglerCommand([
    'deploy',
    '--dry-run',
    '--outdir',
    dir,
    '--metafile',
    metafilePath,
    ...(entry === undefined ? [] : [entry]),
  ]);
  try {
    execFileSync(command, args, { cwd: root, stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`wrangler deploy --dry-run failed:\n${stdout}\n${stderr}`.trim());
  }
  const scripts = readdirSync(dir).filter((name) => name.endsWith('.js') || name.endsWith('.mjs'));
  if (scripts.length !== 1) throw new Error(`expected one module in ${dir}, found ${scripts.join(', ') || 'none'}`);
  return { dir, scriptPath: join(dir, scripts[0]!), metafilePath, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What Miniflare needs of wrangler.toml to run the bundle as deployed: date, flags, vars, KV bindings and the static assets. */
export function deployedWorkerOptions(root: string) {
  const config = unstable_readConfig({ config: join(root, 'wrangler.toml') });
  const { assets } = config;
  if (assets?.directory === undefined) throw new Error('wrangler.toml has no [assets] directory (the review page)');
  return {
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    bindings: config.vars as Record<string, string>,
    kvNamespaces: (config.kv_namespaces as readonly { binding: string }[]).map((namespace) => namespace.binding),
    assets: {
      directory: join(root, assets.directory),
      ...(assets.binding === undefined ? {} : { binding: assets.binding }),
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: assets.run_worker_first === true },
      assetConfig: {
        ...(assets.html_handling === undefined ? {} : { html_handling: assets.html_handling }),
        ...(assets.not_found_handling === undefined ? {} : { not_found_handling: assets.not_found_handling }),
      },
    },
  };
}
