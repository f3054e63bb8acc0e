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
const STARTS_FIRST = [
  'test/build/typecheck.test.ts',
  'test/build/evidence-put.test.ts',
  'test/build/library-package.test.ts',
  'test/worker-node/worker-types.test.ts',
  'test/worker-node/bundle.test.ts',
];

/**
 * The files in the order they start: the type check, then the first browser
 * file, then the rest of STARTS_FIRST, then the other files with the browser
 * files spread evenly among them. Browser files run one at a time
 * (test/browser/one-file-at-a-time.ts) and mostly wait on Chromium: spread out,
 * one of them runs beside the CPU-bound files for most of the run, and a
 * browser file seldom waits for the lock in a worker another file could use.
 */
class LongChildProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = STARTS_FIRST.flatMap((path) => sorted.filter((file) => file.moduleId.endsWith(path)));
    const browser = sorted.filter((file) => file.project.name === 'browser');
    const rest = sorted.filter((file) => !first.includes(file) && !browser.includes(file));
    const [firstBrowser, ...laterBrowser] = browser;
    const order = [...first.slice(0, 1), ...(firstBrowser ? [firstBrowser] : []), ...first.slice(1)];
    const stride = Math.max(1, Math.ceil(rest.length / (laterBrowser.length + 1)));
    rest.forEach((file, index) => {
      order.push(file);
      if ((index + 1) % stride === 0 && laterBrowser.length > 0) order.push(laterBrowser.shift() as TestSpecification);
    });
    return [...order, ...laterBrowser];
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
          include: ['test/core/**/*.test.ts', 'test/build/**/*.test.ts', 'test/catalogue/**/*.test.ts', 'test/cli/**/*.test.ts'],
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
          // One module graph per worker, as in core: no file mocks a module or changes a global.
          isolate: false,
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
          isolate: false,
          // The first request of a file starts workerd and bundles the Worker.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          // One module graph per worker (playwright-core loads once); each file still runs the set-up files.
          isolate: false,
          include: chromiumPlan.kind === 'skip' ? [...CHROMIUM_FREE_BROWSER_TESTS] : ['test/browser/**/*.test.ts'],
          // Starts `wrangler dev` and Chromium once for the project; the tests drive Chromium against it.
          globalSetup: ['test/browser/global-setup.ts'],
          // One file at a time, beside the other projects' files.
          setupFiles: ['test/browser/one-file-at-a-time.ts', 'test/browser/worker-ready.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
