// Set-up file of the browser project: its test files run one at a time (they
// share one Chromium and one `wrangler dev`, and two pages at once make each
// test two to three times slower), yet beside the other projects' files, so
// that the browser tests, which mostly wait on Chromium, overlap the CPU-bound
// ones. Vitest can bound test files at once only per group of projects, and a
// group runs after the one before it; so each browser file holds a lock file
// from before its first test to after its last. A lock whose holder process
// has ended is taken over. Without Chromium there is no lock to take.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';

// Every other browser file may run first: a bound against a lock never freed, not a timing.
const WAIT_MS = 900_000;
const POLL_MS = 100;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process holding `lock`, or undefined when none does (no file, or a holder that has ended). */
function holderOf(lock: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text);
  // A file still being written: its writer holds it.
  if (text === '' || !Number.isInteger(pid)) return -1;
  return pid !== process.pid && isRunning(pid) ? pid : undefined;
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(lock);
    if (holder === undefined) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another browser test file (process ${holder}) held ${lock} for over ${WAIT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const lock = inject('browserFileLock');

beforeAll(async () => {
  if (lock !== undefined) await acquire(lock);
}, WAIT_MS + 10_000);

afterAll(() => {
  if (lock !== undefined && holderOf(lock) === undefined) rmSync(lock, { force: true });
});
