// Opens the review page in headless Chromium (the Debian package, driven by
// playwright-core) and records every request the page makes. A test file
// shares one page among its tests (sharedReviewPage): a new context and page
// cost about as much as loading the page, and the reset between tests leaves
// nothing of one test for the next.
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-plan';

/**
 * The Chromium of the global setup, shared by the test files (each file's
 * `close()` only disconnects it); with `extraArgs` such as
 * `--enable-features=WebMCP`, a Chromium of its own started with them.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (extraArgs.length === 0) return chromium.connect(inject('chromiumEndpoint'));
  return chromium.launch({ executablePath: chromiumPath(process.env), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Chromium for the tests of one file (launchChromium): connected before them,
 * closed after them. The getter throws when called before the file's first hook.
 */
export function chromiumForFile(extraArgs: readonly string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not connected yet: call this inside a hook or a test');
    return browser;
  };
}

/** The Worker's base URL from the global setup. */
export const baseUrl = (): string => inject('baseUrl');

/** The viewport of every page the tests open. */
const VIEWPORT = { width: 1100, height: 900 } as const;

/** An open page with the URLs it requested and the console errors it logged. */
export interface OpenedPage {
  readonly page: Page;
  readonly requests: string[];
  readonly consoleErrors: string[];
}

/** Events a test may listen to; the reset removes every listener of them and records requests and errors anew. */
const PAGE_EVENTS = [
  'request',
  'requestfinished',
  'requestfailed',
  'response',
  'console',
  'pageerror',
  'dialog',
  'popup',
  'download',
  'filechooser',
] as const;

function record({ page, requests, consoleErrors }: OpenedPage): void {
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
}

/** A fresh context and page, recording requests and console errors; `locale` sets Accept-Language. */
export async function openReviewPage(browser: Browser, locale?: string): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...(locale ? { locale } : {}) });
  const opened = { page: await context.newPage(), requests: [], consoleErrors: [] };
  record(opened);
  return opened;
}

const sessions = new WeakMap<Page, CDPSession>();

/**
 * Brings a page of openReviewPage back to what a fresh one is: leaves the
 * review page (its in-memory token, answers and timers go with the document)
 * for about:blank, and drops the routes, event listeners, recorded requests
 * and console errors, granted permissions, cookies, HTTP cache, the origin's
 * stored data (session storage included), a changed viewport and the
 * pointer's position. It cannot undo `page.clock` or init scripts: a test
 * that installs those opens a page of its own.
 */
export async function resetReviewPage(opened: OpenedPage): Promise<void> {
  const { page } = opened;
  const context = page.context();
  const origin = baseUrl();
  if (page.url().startsWith(`${origin}/`)) await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
  await page.goto('about:blank');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  opened.requests.length = 0;
  opened.consoleErrors.length = 0;
  record(opened);
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await context.newCDPSession(page);
    sessions.set(page, cdp);
  }
  await Promise.all([
    context.clearPermissions(),
    context.clearCookies(),
    cdp.send('Network.clearBrowserCache'),
    cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' }),
    page.setViewportSize(VIEWPORT),
    page.mouse.move(0, 0),
  ]);
}

/**
 * One page for the tests of a file or describe block, opened on first use and
 * closed after them: each call hands it out as a fresh page would be (reset
 * when handed out before, also twice within one test).
 */
export function sharedReviewPage(browser: () => Browser, locale?: string): () => Promise<OpenedPage> {
  let opened: Promise<OpenedPage> | undefined;
  let handedOut = false;
  afterAll(async () => {
    await (await opened?.catch(() => undefined))?.page.context().close();
  });
  return async () => {
    if (!opened) opened = openReviewPage(browser(), locale);
    else if (handedOut) await resetReviewPage(await opened);
    handedOut = true;
    return opened;
  };
}

/**
 * Navigates to the page (`query` such as `?lang=de`) and waits for the first
 * rules to appear; fails at once, with what the page said, when it shows an
 * alert instead (a load that failed would otherwise end in a timeout).
 */
export async function gotoReviewPage(opened: OpenedPage, query = ''): Promise<void> {
  await opened.page.goto(`${baseUrl()}/${query}`);
  await opened.page.waitForSelector('#profile-rules details, #errors p');
  const alert = await opened.page.textContent('#errors');
  if (alert)
    throw new Error(
      `The review page showed an alert instead of its rules: ${alert} (console errors: ${JSON.stringify(opened.consoleErrors)})`,
    );
  await opened.page.waitForSelector('#profile-rules details');
}
