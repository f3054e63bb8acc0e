import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { browserTestPlan, CHROMIUM_FREE_BROWSER_TESTS } from './test/browser/chromium-plan.ts';

// Without Chromium (and outside CI) the browser project keeps only its tests
// that need none; its global setup then says in one line what was skipped.
const chromiumPlan = browserTestPlan(process.env);

// Test files that spend most of their time in long child processes (tsc,
// wrangler, npm): started first, so that none of them is the last to finish.
// Without timings from an earlier run (a fresh clone) vitest starts the
// largest files first, and these are small.
const STARTS_FIRST = ['test/build/typecheck.test.ts', 'test/build/evidence-put.test.ts', 'test/build/library-package.test.ts'];

class LongChildProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = STARTS_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? STARTS_FIRST.length : at;
    };
    return sorted.map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file);
  }
}

// Core, build and command-line tests run in Node on plain objects; the Worker tests run inside
// workerd with the bindings of wrangler.toml and a local EVIDENCE namespace.
export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one test file at a time, and
    // most files wait on something else (wrangler, workerd, Chromium, a child
    // process): three at once keep both cores busy.
    maxWorkers: 3,
    sequence: { sequencer: LongChildProcessesFirst },
    // The Worker writes one JSON log line per request; the logging tests read
    // them through a spy, so the runner need not print them.
    onConsoleLog: (log) => !log.trimStart().startsWith('{"requestId":'),
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          // A bound for a loaded two-core machine with three files at once, not
          // a timing: the tests that time the scanner say so themselves.
          testTimeout: 30_000,
          // Files share one module graph per worker: each file importing the
          // catalogue, zod and the core afresh cost more than most tests.
          // No core test mocks a module or leaves a global changed.
          isolate: false,
          include: [
            'test/core/**/*.test.ts',
            'test/build/**/*.test.ts',
            'test/catalogue/**/*.test.ts',
            'test/cli/**/*.test.ts',
          ],
        },
      },
      {
        // Worker code checked from Node: the OpenAPI document against a standard
        // validator, the Worker's type program, and the deployable bundle run in
        // Miniflare. Its `wrangler deploy --dry-run` runs `npm run build:worker`,
        // which rewrites a generated file only when its content changes (never
        // during a test run), and leaves dist/ alone; so it runs beside the rest.
        test: {
          name: 'worker-node',
          environment: 'node',
          include: ['test/worker-node/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: './src/worker/index.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // Every suite request comes from one address (no CF-Connecting-IP), so the
              // shipped budgets are raised here; test/build checks the shipped blocks, and
              // the rate-limit tests swap in the small test budgets below.
              ratelimits: {
                TOOL_CALL_RATE_LIMIT: { simple: { limit: 1_000_000, period: 60 } },
                READ_RATE_LIMIT: { simple: { limit: 1_000_000, period: 60 } },
                TEST_TOOL_CALL_RATE_LIMIT: { simple: { limit: 3, period: 60 } },
                TEST_READ_RATE_LIMIT: { simple: { limit: 5, period: 60 } },
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          // The first request of a file starts workerd and bundles the Worker.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: chromiumPlan.kind === 'skip' ? [...CHROMIUM_FREE_BROWSER_TESTS] : ['test/browser/**/*.test.ts'],
          // Starts `wrangler dev` and Chromium once for the project; the tests drive Chromium against it.
          globalSetup: ['test/browser/global-setup.ts'],
          setupFiles: ['test/browser/worker-ready.ts'],
          // One file at a time, after the other projects: three pages at once
          // in the shared Chromium made each test two to three times slower,
          // and the whole run no shorter.
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
