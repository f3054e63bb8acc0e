// `npm run typecheck`: the four TypeScript programs of the project (Node.js
// code, the Worker without Node.js types, the page script and its browser
// tests with the DOM library), checked at the same time rather than one after
// another, each in its own `tsc`. Prints each failing program's errors under
// its name and exits non-zero when any program fails. `npm test` runs the same
// check as test files beside the others: test/build/typecheck.test.ts, and the
// Worker's program with its probes in test/worker-node/worker-types.test.ts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/** Each program by the tsconfig.json that defines it. */
export const PROGRAMS = [
  'tsconfig.json',
  'src/worker/tsconfig.json',
  'src/page/client/tsconfig.json',
  'test/browser/tsconfig.json',
] as const;

interface Checked {
  readonly project: string;
  readonly status: number | null;
  readonly output: string;
}

function check(project: string): Promise<Checked> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ project, status, output }));
  });
}

/** Checks `programs` (every program unless told) at once; each failing program's errors under its name. */
export async function typecheckPrograms(
  programs: readonly string[] = PROGRAMS,
): Promise<{ readonly passed: boolean; readonly report: string }> {
  const results = await Promise.all(programs.map(check));
  const failed = results.filter((result) => result.status !== 0);
  if (failed.length === 0) return { passed: true, report: `typecheck: ${programs.length} programs pass (${programs.join(', ')})` };
  return {
    passed: false,
    report: failed.map(({ project, status, output }) => `tsc -p ${project} failed (exit ${status}):\n${output.trimEnd()}`).join('\n'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { passed, report } = await typecheckPrograms();
  if (passed) console.log(report);
  else {
    console.error(report);
    process.exit(1);
  }
}
