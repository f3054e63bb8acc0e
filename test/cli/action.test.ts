// The GitHub Action as GitHub runs it: the check step's `run` line from
// action.yml, in bash, with the environment the composite step builds from the
// workflow's `with:` values (each `${{ inputs.x }}` expanded, defaults included),
// a workspace and a GITHUB_OUTPUT file. Needs `npm run build` (the step runs dist/cli.js).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { escapeProperty } from '../../src/cli/formats/annotations';
import { DE_WORD, EN_WORD, title, tree } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rebuild = 'dist/ is missing or stale: run `npm run build`';

interface Step {
  readonly id?: string;
  readonly run: string;
  readonly env?: Record<string, string>;
}
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};
const checkStep = action.runs.steps.find((step) => step.id === 'check') as Step;

/** The step's environment for a workflow's `with:` values, as the runner expands it. */
function stepEnv(withValues: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(checkStep.env ?? {})) {
    env[name] = value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => {
      if (!(input in action.inputs)) throw new Error(`action.yml: ${name} names an undeclared input '${input}'`);
      return withValues[input] ?? action.inputs[input]?.default ?? '';
    });
  }
  return env;
}

function runStep(workspace: string, withValues: Record<string, string>) {
  const output = join(workspace, '.github-output');
  // GitHub writes a step's `run` to a file and runs it with these bash options.
  const script = join(workspace, '.step.sh');
  writeFileSync(script, checkStep.run);
  const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: workspace,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      ...stepEnv(withValues),
      GITHUB_ACTION_PATH: root,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
    },
  });
  return { ...run, output: existsSync(output) ? readFileSync(output, 'utf8') : '' };
}

const files = { 'docs/flagged.md': `A ${EN_WORD} review panel.\n`, 'clean.md': 'Plain words.\n' };

describe('the GitHub Action', () => {
  it('is a composite action whose check step passes every input to the script', () => {
    expect(action.runs.using).toBe('composite');
    const passed = Object.values(checkStep.env ?? {}).map((value) => /inputs\.([\w-]+)/.exec(value)?.[1]);
    expect(passed.sort()).toEqual(Object.keys(action.inputs).sort());
    expect(checkStep.run).toContain('scripts/action/check.mjs');
  });

  it('annotates each signal by default and fails the step', () => {
    const workspace = tree(files);
    const run = runStep(workspace, { paths: 'docs clean.md' });
    expect(run.stderr, rebuild).toBe('');
    expect(run.status).toBe(1);
    const annotation = `::warning file=docs/flagged.md,line=1,col=3,endLine=1,endColumn=11,title=${escapeProperty(`word-choice: ${title('word-choice')}`)}::"${EN_WORD}"`;
    expect(run.stdout).toContain(annotation);
    expect(run.stdout).toMatch(/^1 signal in 1 of 2 files/m);
  }, 30_000);

  it('passes on files without signals', () => {
    const run = runStep(tree(files), { paths: 'clean.md' });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('::warning file=');
  }, 30_000);

  it('writes SARIF for code scanning, names the file in its output, and passes with fail-on-signals false', () => {
    const workspace = tree(files);
    const run = runStep(workspace, { paths: 'docs\nclean.md\n', format: 'sarif', 'fail-on-signals': 'false' });
    expect(run.stderr, rebuild).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('writing-rules: 1 signal in writing-rules.sarif\n');
    expect(run.output).toBe('sarif-file=writing-rules.sarif\n');
    const sarif = JSON.parse(readFileSync(join(workspace, 'writing-rules.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toMatchObject([
      {
        ruleId: 'word-choice',
        locations: [{ physicalLocation: { artifactLocation: { uri: 'docs/flagged.md' }, region: { startLine: 1, startColumn: 3 } } }],
      },
    ]);
  }, 30_000);

  it('checks with the language and profile given', () => {
    const workspace = tree({ 'de.md': `Es ist ${DE_WORD}.\n` });
    const inProfile = runStep(workspace, { paths: 'de.md', language: 'de', profile: 'technical-reference' });
    const annotation = `::warning file=de.md,line=1,col=8,endLine=1,endColumn=${8 + DE_WORD.length},title=${escapeProperty(`word-choice: ${title('word-choice', 'de')}`)}::"${DE_WORD}"`;
    expect(inProfile.stdout).toContain(annotation);
    expect(inProfile.status).toBe(1);
    // public-docs leaves word-choice out.
    expect(runStep(workspace, { paths: 'de.md', language: 'de', profile: 'public-docs' }).status).toBe(0);
  }, 30_000);

  it('passes min-level to the command: suggestions only with min-level suggestion, and a bad value is refused by name', () => {
    const workspace = tree({ 'note.md': 'Please note it works.\n' });
    const byDefault = runStep(workspace, { paths: 'note.md' });
    expect(byDefault.status).toBe(0);
    expect(byDefault.stdout).not.toContain('::notice file=');
    const suggestions = runStep(workspace, { paths: 'note.md', 'min-level': 'suggestion' });
    expect(suggestions.stdout).toContain('::notice file=note.md,line=1,col=1,endLine=1,endColumn=12,title=meta-framing%3A ');
    expect(suggestions.status).toBe(1);
    const bad = runStep(workspace, { paths: 'note.md', 'min-level': 'notice' });
    expect(bad.status).toBe(2);
    expect(bad.stdout + bad.stderr).toContain("--min-level must be one of 'warning', 'suggestion' (got 'notice')");
  }, 30_000);

  it('refuses a format it does not offer, naming the input and its choices', { timeout: 30_000 }, () => {
    const run = runStep(tree(files), { format: 'text' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("::error title=writing-rules::input 'format' must be one of 'github', 'sarif' (got 'text')\n");
  });

  it('refuses a fail-on-signals that is not true or false', { timeout: 30_000 }, () => {
    const run = runStep(tree(files), { 'fail-on-signals': 'no' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("::error title=writing-rules::input 'fail-on-signals' must be 'true' or 'false' (got 'no')\n");
  });

  it('hands a bad language to the command, which names the bound and exits 2', () => {
    const run = runStep(tree(files), { language: 'fr' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--language must be one of 'en', 'de' (got 'fr')");
  }, 30_000);
});
