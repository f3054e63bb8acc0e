// The built executable as npm links it: `writing-rules` from package.json
// `bin`, run as a real process. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_FILE, bundleCli } from '../../scripts/build-library';
import { catalogueVersion } from '../../src/core/index';
import { EN_WORD, title, tree } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rebuild = 'dist/ is missing or stale: run `npm run build`';
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };

const cli = (args: string[], options: { cwd: string; input?: string; env?: Record<string, string> }) =>
  spawnSync(join(root, CLI_FILE), args, {
    cwd: options.cwd,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...options.env },
  });

describe('the writing-rules executable', () => {
  it('is package.json bin, executable, and matches a fresh build of src/cli', async () => {
    expect(manifest.bin).toEqual({ 'writing-rules': CLI_FILE });
    expect(statSync(join(root, CLI_FILE)).mode & 0o111, rebuild).not.toBe(0);
    expect(readFileSync(join(root, CLI_FILE), 'utf8') === (await bundleCli(root)), rebuild).toBe(true);
    // It runs the built library beside it rather than a second copy of the core.
    expect(readFileSync(join(root, CLI_FILE), 'utf8')).toMatch(/from "\.\/tools\.js"/);
  }, 30_000);

  it('checks standard input and files as a process, with exit codes 1 and 0', () => {
    const dir = tree({ 'clean.md': 'Plain.\n' });
    const flagged = cli(['check', '-'], { cwd: dir, input: `So ${EN_WORD}.\n` });
    expect(flagged.stderr, rebuild).toBe('');
    expect(flagged.status).toBe(1);
    expect(flagged.stdout).toBe(
      `-:1:4  warning  word-choice  "stunning"  ${title('word-choice')}\n\n1 signal in 1 of 1 file. Each signal needs a reviewer's judgment.\n`,
    );
    expect(cli(['check', 'clean.md'], { cwd: dir })).toMatchObject({ status: 0, stdout: '0 signals in 0 of 1 file\n' });
    expect(cli(['--version'], { cwd: dir }).stdout).toBe(`writing-rules, catalogue ${catalogueVersion}\n`);
  });

  it('exits 2 on a usage error and on an unreadable path', () => {
    const dir = tree({});
    expect(cli(['check', '--max-signals', '0'], { cwd: dir })).toMatchObject({ status: 2, stdout: '' });
    const missing = cli(['check', 'nope.md'], { cwd: dir });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('writing-rules: nope.md does not exist\n');
  });
});
