// `npm run build` as a user runs it: a one-line summary and a written module on
// success, every problem and exit code 1 on failure.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATED_FILE } from '../../scripts/catalogue/emit';
import { copyCatalogue, mutate, removeCatalogue, writeFixtureCatalogue } from './fixture-catalogue';

const script = fileURLToPath(new URL('../../scripts/build-catalogue.ts', import.meta.url));
const roots: string[] = [];
afterAll(() => roots.forEach(removeCatalogue));

function runBuild(root: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, root], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('scripts/build-catalogue.ts', () => {
  it('writes the module once and prints one summary line per run', () => {
    const root = writeFixtureCatalogue();
    roots.push(root);
    const first = runBuild(root);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(
      /^catalogue 2026\.01\+[0-9a-f]{12}: 20 rules, 2 sources, 16 signal records; wrote src\/core\/catalogue\/catalogue\.generated\.ts, wrote dist\/signal-forms\.json \(\d+ ms\)\n$/,
    );
    const target = join(root, GENERATED_FILE);
    const written = statSync(target).mtimeMs;
    expect(readFileSync(target, 'utf8')).toContain('export const catalogue: CompiledCatalogue');

    const second = runBuild(root);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('; unchanged src/core/catalogue/catalogue.generated.ts, unchanged dist/signal-forms.json');
    expect(statSync(target).mtimeMs).toBe(written);
  }, 30_000);

  it('exits 1 and lists every problem by file and field', () => {
    const fixture = writeFixtureCatalogue();
    const root = copyCatalogue(fixture);
    roots.push(fixture, root);
    mutate(root, 'catalogue/rules/word-choice.yaml', (d) => void (d.title.de = ''));
    mutate(root, 'catalogue/sources/house-style.yaml', (d) => void (d.url = 'http://example.org'));
    const run = runBuild(root);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      [
        'catalogue/rules/word-choice.yaml: title.de: must not be empty',
        'catalogue/sources/house-style.yaml: url: must be an https URL',
        'catalogue build failed: 2 problems',
        '',
      ].join('\n'),
    );
  }, 30_000);
});
