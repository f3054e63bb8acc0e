// Rows: the `writing-rules` command (dist/cli.js, as npm links it) against
// the `alex` command on the same files: every README.md under node_modules/,
// named on one command line. Wall time of the whole process, start-up
// included, measured round by round in turn so load from other processes
// falls on both alike. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_FILE } from '../../scripts/build-library';
import { median, ratio, type Row } from './row';

const ROUNDS = 3;
const WALL_TARGET_MS = 2_000;
const RATIO_TARGET = 25;
const ALEX_CLI = 'node_modules/alex/cli.js';

/** Every README.md under `dir`, node_modules included, sorted. */
export function readmeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...readmeFiles(path));
    else if (entry.isFile() && entry.name === 'README.md') found.push(path);
  }
  return found.sort();
}

/** Runs a command to its end; returns wall milliseconds. Exit codes 0 and 1 mean "ran" for both tools. */
function timed(root: string, args: readonly string[]): number {
  const begin = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 2 ** 20 });
  const elapsed = performance.now() - begin;
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`${args[0]} exited ${result.status}: ${result.stderr.toString().slice(0, 500)}`);
  }
  return elapsed;
}

export function cliRows(root: string): Row[] {
  const files = readmeFiles(join(root, 'node_modules')).map((path) => path.slice(root.length).replace(/^\//, ''));
  const ours: number[] = [];
  const alex: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(timed(root, [CLI_FILE, 'check', '--no-config', '--exit-zero', ...files]));
    alex.push(timed(root, [ALEX_CLI, ...files]));
  }
  const oursMs = median(ours);
  const times = median(alex) / oursMs;
  const english = 'n/a (English only)';
  return [
    {
      measure: `writing-rules check, ${files.length} README.md under node_modules/, wall time with start-up (median of ${ROUNDS})`,
      en: `${(oursMs / 1000).toFixed(2)} s`,
      de: english,
      target: `< ${WALL_TARGET_MS / 1000} s`,
      met: oursMs < WALL_TARGET_MS,
    },
    {
      measure: `alex ÷ writing-rules check on the same files (alex ${(median(alex) / 1000).toFixed(1)} s, median of ${ROUNDS}, interleaved)`,
      en: ratio(times),
      de: english,
      target: `≥ ${RATIO_TARGET}×`,
      met: times >= RATIO_TARGET,
    },
  ];
}
