// Row: the Worker bundle as wrangler would upload it (`wrangler deploy
// --dry-run --outdir`), raw and gzip-compressed, against the free plan's limit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row } from './row';

const FREE_PLAN_GZIP_LIMIT = 3 * 1024 * 1024;

/** Raw and gzip size of the bundled Worker's JavaScript (source maps left out). */
export function bundleRows(root: string): Row[] {
  const outdir = mkdtempSync(join(tmpdir(), 'writing-rules-bundle-'));
  try {
    execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], { cwd: root, stdio: 'pipe' });
    const code = readdirSync(outdir)
      .filter((name) => name.endsWith('.js') || name.endsWith('.mjs'))
      .map((name) => readFileSync(join(outdir, name)));
    const raw = code.reduce((sum, file) => sum + file.length, 0);
    const gzip = code.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    return [
      {
        measure: 'Worker bundle: raw / gzip -9',
        en: `${kib(raw)} / ${kib(gzip)}`,
        de: '(one bundle)',
        target: '≤ 3 MiB gzip (free plan)',
        met: gzip <= FREE_PLAN_GZIP_LIMIT,
      },
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return [{ measure: 'Worker bundle', en: `not measured: ${reason}`, de: '', target: '', met: null }];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
