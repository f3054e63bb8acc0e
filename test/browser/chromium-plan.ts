// Whether the browser tests can run here: they drive the system Chromium
// (playwright-core downloads no browser). Without it a local `npm test` runs
// everything else and says so in one line; in CI a missing Chromium is an
// error, so the browser tests never go quietly unrun. vitest.config.ts and
// the browser project's global setup both decide by this.
import { existsSync } from 'node:fs';

/** Where Debian's `chromium` package puts the executable. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
/** Names another Chromium executable. */
export const CHROMIUM_PATH_VARIABLE = 'CHROMIUM_PATH';
/** Headless, nothing that reaches out to the network on its own, and no browser UI pages. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The omnibox popups are pages of their own (chrome://omnibox-popup.top-chrome)
  // that a headless browser never shows; without them a new context costs a
  // third less CPU and a page load an eighth less.
  // Site isolation gives each site its own renderer process, so every navigation
  // between about:blank (a reset) and the review page swaps processes. The
  // tests serve one origin and embed no other site: one renderer per page
  // serves them, at a third less CPU.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,IsolateOrigins,site-per-process',
  '--disable-site-isolation-trials',
] as const;
/** The browser test files that need no Chromium (they run without it too). */
export const CHROMIUM_FREE_BROWSER_TESTS = ['test/browser/page-units.test.ts', 'test/browser/chromium-plan.test.ts'] as const;

export type BrowserTestPlan =
  | { readonly kind: 'run'; readonly executablePath: string }
  | { readonly kind: 'skip' | 'fail'; readonly executablePath: string; readonly message: string };

type Environment = Readonly<Record<string, string | undefined>>;

/** The Chromium executable the browser tests launch. */
export function chromiumPath(env: Environment): string {
  return env[CHROMIUM_PATH_VARIABLE] || DEFAULT_CHROMIUM_PATH;
}

/** True when CI is set to anything but an empty string, `false` or `0`, as CI services set it. */
export function isCi(env: Environment): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

/** Run the browser tests when Chromium is there; otherwise skip them with a one-line note, or fail under CI. */
export function browserTestPlan(env: Environment, exists: (path: string) => boolean = existsSync): BrowserTestPlan {
  const executablePath = chromiumPath(env);
  if (exists(executablePath)) return { kind: 'run', executablePath };
  const install = `install it with \`apt-get install chromium\` or set ${CHROMIUM_PATH_VARIABLE} to its executable`;
  if (isCi(env)) {
    return {
      kind: 'fail',
      executablePath,
      message: `No Chromium at ${executablePath}, and CI is set, so the browser tests (test/browser) cannot be skipped: ${install}.`,
    };
  }
  return {
    kind: 'skip',
    executablePath,
    message: `No Chromium at ${executablePath}: the browser tests (test/browser) were skipped; ${install}.`,
  };
}
