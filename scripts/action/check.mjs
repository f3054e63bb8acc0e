// The check step of the GitHub Action (action.yml). The composite step passes
// the action's inputs as INPUT_* variables; this turns them into one run of the
// `writing-rules` command built in the action's own checkout, in the caller's
// workspace, and hands its exit code on: 0 no signals, 1 signals, 2 a usage or
// input error. Plain JavaScript, so the step starts Node.js once, without a
// TypeScript loader.
//
//   INPUT_PATHS="README.md docs" INPUT_FORMAT=github node scripts/action/check.mjs
import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, openSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the action reports: annotations on the pull request, or a SARIF file for code scanning. */
const ACTION_FORMATS = ['github', 'sarif'];

/** A bad input, named as the workflow names it. */
class ActionInputError extends Error {}

const input = (env, name) => (env[`INPUT_${name.toUpperCase().replaceAll('-', '_')}`] ?? '').trim();
const quoted = (values) => values.map((value) => `'${value}'`).join(', ');

/**
 * Reads the inputs as the composite step passes them. Language, profile and
 * min-level go to the command as they are, which checks them.
 */
function readInputs(env) {
  // One path per line or separated by spaces, as a YAML block or a one-line value gives them.
  const paths = input(env, 'paths')
    .split(/\s+/)
    .filter((path) => path !== '');
  const format = input(env, 'format') || 'github';
  if (!ACTION_FORMATS.includes(format)) {
    throw new ActionInputError(`input 'format' must be one of ${quoted(ACTION_FORMATS)} (got '${format}')`);
  }
  const failOnSignals = input(env, 'fail-on-signals') || 'true';
  if (failOnSignals !== 'true' && failOnSignals !== 'false') {
    throw new ActionInputError(`input 'fail-on-signals' must be 'true' or 'false' (got '${failOnSignals}')`);
  }
  return {
    paths: paths.length > 0 ? paths : ['.'],
    language: input(env, 'language'),
    profile: input(env, 'profile'),
    minLevel: input(env, 'min-level'),
    format,
    sarifFile: input(env, 'sarif-file') || 'writing-rules.sarif',
    failOnSignals: failOnSignals === 'true',
  };
}

/** The arguments of `writing-rules`; paths after `--`, so none is read as an option. */
function checkArguments(inputs) {
  return [
    'check',
    '--format',
    inputs.format,
    ...(inputs.language ? ['--language', inputs.language] : []),
    ...(inputs.profile ? ['--profile', inputs.profile] : []),
    ...(inputs.minLevel ? ['--min-level', inputs.minLevel] : []),
    ...(inputs.failOnSignals ? [] : ['--exit-zero']),
    '--',
    ...inputs.paths,
  ];
}

/** The command as package.json `bin` names it, in the action's checkout. */
function commandPath(actionPath) {
  const manifest = JSON.parse(readFileSync(join(actionPath, 'package.json'), 'utf8'));
  return join(actionPath, manifest.bin['writing-rules']);
}

/** Runs the check and returns the step's exit code. */
function runAction(env) {
  let inputs;
  try {
    inputs = readInputs(env);
  } catch (error) {
    if (!(error instanceof ActionInputError)) throw error;
    process.stdout.write(`::error title=writing-rules::${error.message}\n`);
    return 2;
  }
  const actionPath = env.GITHUB_ACTION_PATH || fileURLToPath(new URL('../..', import.meta.url));
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const args = [commandPath(actionPath), ...checkArguments(inputs)];
  if (inputs.format === 'github') {
    return spawnSync(process.execPath, args, { cwd: workspace, stdio: 'inherit' }).status ?? 2;
  }
  const sarifPath = isAbsolute(inputs.sarifFile) ? inputs.sarifFile : resolve(workspace, inputs.sarifFile);
  const out = openSync(sarifPath, 'w');
  let status;
  try {
    status = spawnSync(process.execPath, args, { cwd: workspace, stdio: ['ignore', out, 'inherit'] }).status;
  } finally {
    closeSync(out);
  }
  // On a usage or input error the command has said why on stderr, and the file holds no report.
  if (status !== 0 && status !== 1) return status ?? 2;
  const sarif = JSON.parse(readFileSync(sarifPath, 'utf8'));
  const results = sarif.runs.reduce((count, run) => count + run.results.length, 0);
  const shown = relative(workspace, sarifPath) || sarifPath;
  process.stdout.write(`writing-rules: ${results} ${results === 1 ? 'signal' : 'signals'} in ${shown}\n`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `sarif-file=${shown}\n`);
  return status;
}

process.exitCode = runAction(process.env);
