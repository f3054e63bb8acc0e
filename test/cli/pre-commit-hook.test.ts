// The pre-commit hook as pre-commit runs it: Debian's `pre-commit try-repo`
// against a clone of this repository's committed tree, in a temporary git
// repository. The clone gets the command already built (dist/ and a link to
// node_modules, committed there), so the hook's script skips its one-time
// build (npm ci and npm run build, measured in docs/ci.md) and the test runs
// what every later commit runs: pre-commit's file matching, the script entry,
// the exit code and the output. Needs `npm run build` and /usr/bin/pre-commit.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCi } from '../browser/chromium-plan';
import { EN_WORD, title } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PRE_COMMIT = '/usr/bin/pre-commit';
// Like the browser tests: skipped with one line on a machine without it, a failure in CI.
const missing = existsSync(PRE_COMMIT)
  ? undefined
  : `${PRE_COMMIT} is missing: the pre-commit hook tests were skipped; install it with \`apt-get install pre-commit\``;
if (missing !== undefined && !isCi(process.env)) console.warn(missing);
const identity = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

let work: string;
let hookRepo: string;
let project: string;

function git(cwd: string, ...args: string[]): void {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...identity } });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
}

beforeAll(() => {
  if (missing !== undefined) {
    if (isCi(process.env))
      throw new Error(
        `${PRE_COMMIT} is missing and CI is set, so the hook tests cannot be skipped: install it with \`apt-get install pre-commit\``,
      );
    return;
  }
  work = mkdtempSync(join(tmpdir(), 'writing-rules-hook-'));
  hookRepo = join(work, 'writing-rules');
  git(work, 'clone', '--quiet', root, hookRepo);
  cpSync(join(root, 'dist'), join(hookRepo, 'dist'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(hookRepo, 'node_modules'));
  git(hookRepo, 'add', '--force', 'dist', 'node_modules');
  git(hookRepo, 'commit', '--quiet', '-m', 'the built command');

  project = join(work, 'project');
  git(work, 'init', '--quiet', project);
  writeFileSync(join(project, 'flagged.md'), `A ${EN_WORD} review panel.\n`);
  writeFileSync(join(project, 'clean.md'), 'Plain words.\n');
  // Not a file type the hook checks, though it holds the same word.
  writeFileSync(join(project, 'tool.py'), `# ${EN_WORD}\n`);
  git(project, 'add', '.');
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const tryRepo = (...files: string[]) =>
  spawnSync(PRE_COMMIT, ['try-repo', hookRepo, 'writing-rules', '--files', ...files], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, ...identity, PRE_COMMIT_COLOR: 'never' },
  });

describe.skipIf(missing !== undefined && !isCi(process.env))('the pre-commit hook, run by pre-commit try-repo', () => {
  it('fails on a file with a signal and names it, checking only the files it matches', () => {
    const run = tryRepo('flagged.md', 'clean.md', 'tool.py');
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^writing-rules\.+Failed$/m);
    expect(run.stdout).toContain(`flagged.md:1:3  warning  word-choice  "${EN_WORD}"  ${title('word-choice')}`);
    // tool.py is not passed to the command: two files are checked.
    expect(run.stdout).toContain("1 signal in 1 of 2 files. Each signal needs a reviewer's judgment.");
  }, 60_000);

  it('passes on a file without signals', () => {
    const run = tryRepo('clean.md');
    expect(run.status, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^writing-rules\.+Passed$/m);
  }, 60_000);
});
