// A build step skips its work only when every file it reads and writes is as
// its last successful run left them (scripts/lib/build-stamp.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIBRARY_STEP } from '../../scripts/build-library';
import { CATALOGUE_STEP } from '../../scripts/catalogue/emit';
import { type BuildStep, isUpToDate, recordBuild } from '../../scripts/lib/build-stamp';

const STEP: BuildStep = { name: 'example', inputs: ['src', 'config.json'], outputs: ['src/out.generated.ts', 'dist'] };
let root: string;

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  write('src/a.ts', 'export const a = 1;\n');
  write('src/nested/b.ts', 'export const b = 2;\n');
  write('config.json', '{}\n');
  write('src/out.generated.ts', 'export const out = 3;\n');
  write('dist/tool.js', 'const tool = 4;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('runs a step that never ran, and skips it after a run while nothing changes', () => {
    expect(isUpToDate(root, STEP)).toBe(false);
    recordBuild(root, STEP);
    expect(isUpToDate(root, STEP)).toBe(true);
  });

  it.each([
    ['an edited input', () => write('src/nested/b.ts', 'export const b = 5;\n')],
    ['a new input file', () => write('src/c.ts', '')],
    ['a removed input file', () => rmSync(join(root, 'config.json'))],
    ['an output changed by hand', () => write('dist/tool.js', 'const tool = 6;\n')],
    ['an extra file among the outputs', () => write('dist/stale.js', '')],
    ['a removed output', () => rmSync(join(root, 'src/out.generated.ts'))],
    ['a removed output folder', () => rmSync(join(root, 'dist'), { recursive: true })],
    ['a removed stamp', () => rmSync(join(root, 'node_modules'), { recursive: true })],
  ])('runs the step again after %s', (_, change) => {
    recordBuild(root, STEP);
    change();
    expect(isUpToDate(root, STEP)).toBe(false);
  });
});

const repository = fileURLToPath(new URL('../..', import.meta.url));

/** Every file of this repository that `entry` reads, through static and dynamic imports (packages left out). */
async function sourcesOf(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: repository,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    outdir: 'unwritten',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).sort();
}

const outside = (step: BuildStep, files: readonly string[]) =>
  files.filter((file) => !step.inputs.some((input) => file === input || file.startsWith(`${input}/`)));

describe("the repository's build steps", () => {
  // A source a step reads but does not list would leave its output stale after an edit.
  it('list every source the library and the command are bundled from', async () => {
    const sources = [...(await sourcesOf('src/core/index.ts')), ...(await sourcesOf('src/cli/main.ts'))];
    expect(sources).toContain('src/mcp/stdio.ts');
    expect(outside(LIBRARY_STEP, sources)).toEqual([]);
  });

  it('list every source the catalogue build runs', async () => {
    const sources = await sourcesOf('scripts/build-catalogue.ts');
    expect(sources).toContain('scripts/catalogue/build.ts');
    expect(outside(CATALOGUE_STEP, sources)).toEqual([]);
  });
});
