// Opens the review page in headless Chromium (the Debian package, driven by
// playwright-core) and records every request the page makes.
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
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

/** The Worker's base URL from the global setup. */
export const baseUrl = (): string => inject('baseUrl');

/** An open page with the URLs it requested and the console errors it logged. */
export interface OpenedPage {
  readonly page: Page;
  readonly requests: string[];
  readonly consoleErrors: string[];
}

/** A fresh context and page, recording requests and console errors; `locale` sets Accept-Language. */
export async function openReviewPage(browser: Browser, locale?: string): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, requests, consoleErrors };
}

/** Navigates to the page (`query` such as `?lang=de`) and waits for the first rules to appear. */
export async function gotoReviewPage(opened: OpenedPage, query = ''): Promise<void> {
  await opened.page.goto(`${baseUrl()}/${query}`);
  await opened.page.waitForSelector('#profile-rules details');
}
