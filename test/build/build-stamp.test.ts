// A build step skips its work only when every file it reads and writes is as
// its last successful run left them (scripts/lib/build-stamp.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
