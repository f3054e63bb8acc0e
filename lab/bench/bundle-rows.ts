// Rows: the Worker bundle as wrangler would upload it (`wrangler deploy
// --dry-run --outdir`), raw and gzip-compressed: the shipped entry (MCP
// included) and the same app without the MCP path (entries/worker-without-mcp.ts).
// The review page, uploaded beside the script as a static asset
// (src/worker/page/assets/), is not part of it; docs/measurements.md lists its size.
// The catalogue is: every tool call needs it, so it counts toward the Worker.
// Targets: at most 170 KiB gzip without MCP (issue 16 leaves room for the Markdown and
// HTML readers), at most 150 KiB with it (issue 31).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildDeployBundle } from '../../scripts/lib/deploy-bundle';
import { notMeasured, type Row } from './row';

const WITHOUT_MCP_ENTRY = 'lab/bench/entries/worker-without-mcp.ts';

/** Bytes of the bundle's JavaScript files, raw and gzip level 9 (source maps left out). */
export interface BundleSize {
  readonly raw: number;
  readonly gzip: number;
  /** The packages and source folders that weigh most in the output, bytes before gzip, heaviest first. */
  readonly heaviest: readonly (readonly [string, number])[];
}

interface Metafile {
  readonly outputs: Record<string, { readonly inputs: Record<string, { readonly bytesInOutput: number }> }>;
}

// `node_modules/zod/v4/locales/de.js` → `zod/v4/locales`; `src/core/x/y.ts` → `src/core/x`.
function group(input: string): string {
  const inPackage = input.split('node_modules/').pop() as string;
  const parts = inPackage.split('/');
  if (inPackage !== input) return parts.slice(0, Math.min(parts[0]?.startsWith('@') ? 4 : 3, parts.length - 1)).join('/');
  return parts.slice(0, Math.min(3, parts.length - 1)).join('/');
}

function heaviest(metafile: Metafile, count: number): (readonly [string, number])[] {
  const bytes = new Map<string, number>();
  for (const [name, output] of Object.entries(metafile.outputs)) {
    if (!name.endsWith('.js') && !name.endsWith('.mjs')) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      bytes.set(group(input), (bytes.get(group(input)) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Bundles `entry` (the wrangler.toml `main` when undefined) as `wrangler deploy` would, and weighs it. */
export function measureBundle(root: string, entry?: string): BundleSize {
  const bundle = buildDeployBundle(root, entry);
  try {
    const code = readFileSync(bundle.scriptPath);
    return {
      raw: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      heaviest: heaviest(JSON.parse(readFileSync(bundle.metafilePath, 'utf8')) as Metafile, 6),
    };
  } finally {
    bundle.remove();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Weighs one bundle against a gzip target in KiB. */
function bundleRow(measure: string, weigh: () => BundleSize, targetKib: number): Row {
  const target = `≤ ${targetKib} KiB gzip`;
  try {
    const { raw, gzip, heaviest } = weigh();
    console.log(`${measure}: heaviest before gzip: ${heaviest.map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ')}`);
    return {
      measure,
      en: `${kib(raw)} / ${kib(gzip)}`,
      de: '(one bundle)',
      target,
      met: gzip <= targetKib * 1024,
    };
  } catch (error) {
    return notMeasured(measure, error, target);
  }
}

/** The Worker without the MCP path (against the target) and the shipped Worker with it. */
export function bundleRows(root: string): Row[] {
  return [
    bundleRow('Worker bundle without MCP: raw / gzip -9', () => measureBundle(root, WITHOUT_MCP_ENTRY), 170),
    bundleRow('Worker bundle as shipped, with MCP: raw / gzip -9', () => measureBundle(root), 150),
  ];
}
