// Set-up file of the browser project: before a file's own hooks, waits until the
// Worker the global setup started answers GET /healthz, or fails with the
// reason it did not start. Without Chromium there is no Worker to wait for.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, inject } from 'vitest';

const READY_MS = 120_000;
const POLL_MS = 250;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false; // not listening yet
  }
}

beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  if (baseUrl === undefined) return;
  const failureFile = inject('workerStartFailureFile');
  const deadline = Date.now() + READY_MS;
  while (!(await answers(`${baseUrl}/healthz`))) {
    if (existsSync(failureFile)) throw new Error(`The Worker for the browser tests did not start:\n${readFileSync(failureFile, 'utf8')}`);
    if (Date.now() > deadline)
      throw new Error(`The Worker for the browser tests did not answer ${baseUrl}/healthz within ${READY_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}, READY_MS + 10_000);
