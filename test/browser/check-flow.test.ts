// The review page when answers come late, twice, never, or in the wrong shape,
// in headless Chromium against the Worker under `wrangler dev`. Calls are held
// back or answered by Playwright's request routing; the 30-second timeout runs
// on Playwright's fake clock, paused so that only the test's fast-forwards move
// it: real time on a loaded machine (or beside other browser test files) never
// lets the timeout fire early.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, gotoReviewPage, chromiumForFile, openReviewPage, sharedReviewPage } from './chromium';

interface Call {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

const callOf = (route: Route) => JSON.parse(route.request().postData() ?? '{}') as Call;

async function callService<T>(name: string, args: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/v1/dispatch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, arguments: args }),
  });
  return ((await response.json()) as { data: T }).data;
}

/** A gate for held calls: `open()` lets every call waiting on it go on. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/**
 * Holds the first call that `matches` until `release()`, which lets it reach
 * the Worker and settles once the page has its answer (or dropped the call).
 */
async function holdFirst(page: Page, matches: (call: Call) => boolean) {
  const held = gate();
  let seen = false;
  let ended: Promise<void> | undefined;
  await page.route('**/v1/dispatch', async (route) => {
    const call = callOf(route);
    if (seen || !matches(call)) return route.continue();
    seen = true;
    ended = new Promise<void>((resolve) => {
      const done = (request: unknown) => request === route.request() && resolve();
      page.on('requestfinished', done);
      page.on('requestfailed', done);
    });
    await held.wait;
    // The page may have given up on the call meanwhile.
    return route.continue().catch(() => undefined);
  });
  return {
    release: async () => {
      held.open();
      await ended;
      // Let the page's script run its handlers for the late answer: waited in
      // Node, as the page's own timers may stand on a paused fake clock.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

/** Counts the calls of `name` the page sends. */
function countCalls(page: Page, name: string): Call[] {
  const calls: Call[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/v1/dispatch')) return;
    const call = JSON.parse(request.postData() ?? '{}') as Call;
    if (call.name === name) calls.push(call);
  });
  return calls;
}

const CLOCK_START = new Date('2026-01-05T09:00:00Z').getTime();

/**
 * Fakes the page's clock from the start and pauses it, so its only timer (the
 * 30-second timeout of a call) fires on the test's fast-forwards alone.
 */
async function installPausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 1_000);
}

const promptShown = (page: Page) =>
  page.waitForFunction(() => (document.getElementById('review-prompt') as HTMLTextAreaElement).value !== '');
/** aria-busy of the region around the checked text, as a screen reader meets it. */
const busyOfResults = (page: Page) => page.$eval('#highlighted', (view) => view.closest('[aria-busy]')?.getAttribute('aria-busy') ?? null);
const promptOf = (page: Page) => page.$eval('#review-prompt', (area) => (area as HTMLTextAreaElement).value);

const browser = chromiumForFile();

/** One page for the tests of the file, reset before each; those that fake the clock open their own. */
const reviewPage = sharedReviewPage(browser);

describe('late answers', () => {
  it('keeps the prompt of the latest language of the text when an earlier one answers late, and copies that prompt', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const english = await holdFirst(page, (call) => call.name === 'compose_writing_review_prompt' && call.arguments.language === 'en');
    // The first load (English) is held, so no rules appear yet.
    await page.goto(`${baseUrl()}/`);
    await page.selectOption('#review-language', 'de');
    await promptShown(page);
    const german = await callService<{ prompt: string }>('compose_writing_review_prompt', { profile: 'public-docs', language: 'de' });
    expect(await promptOf(page)).toBe(german.prompt);

    await english.release();
    expect(await promptOf(page)).toBe(german.prompt);
    expect(await page.getAttribute('#review-prompt', 'lang')).toBe('de');
    await page.click('#copy-prompt');
    await page.waitForFunction(() => document.getElementById('copy-status')?.textContent !== '');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(german.prompt);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('leaves what the alert region says when an overtaken load answers late', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    const english = await holdFirst(page, (call) => call.name === 'compose_writing_review_prompt' && call.arguments.language === 'en');
    await page.goto(`${baseUrl()}/`);
    await page.selectOption('#review-language', 'de');
    await promptShown(page);
    // A check of an empty text puts its note in the alert region.
    await page.click('button[type=submit]');
    await page.waitForFunction(() => document.getElementById('errors')?.textContent !== '');
    const note = await page.textContent('#errors');
    expect(note).toBe('Enter a text to check first.');

    await english.release();
    expect(await page.textContent('#errors')).toBe(note);
  });

  it('keeps the rules and prompt of the latest profile when an earlier profile answers late', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    const publicDocs = await holdFirst(
      page,
      (call) => call.name === 'compose_writing_review_prompt' && call.arguments.profile === 'public-docs',
    );
    await page.goto(`${baseUrl()}/`);
    await page.selectOption('#review-profile', 'technical-reference');
    await promptShown(page);
    await page.waitForSelector('#profile-rules details');
    const reference = await callService<{ prompt: string }>('compose_writing_review_prompt', {
      profile: 'technical-reference',
      language: 'en',
    });
    const rulesBefore = await page.$$eval('#profile-rules summary', (items) => items.map((item) => item.textContent));

    await publicDocs.release();
    expect(await promptOf(page)).toBe(reference.prompt);
    expect(await page.$$eval('#profile-rules summary', (items) => items.map((item) => item.textContent))).toEqual(rulesBefore);
    expect(rulesBefore).toHaveLength(6);
  });

  it('shows the result of the newer check when a check given up after 30 seconds answers late', async () => {
    const opened = await openReviewPage(browser());
    const { page } = opened;
    await installPausedClock(page);
    const first = await holdFirst(page, (call) => call.name === 'find_writing_signals');
    await gotoReviewPage(opened);
    await page.selectOption('#review-profile', 'technical-reference');
    await page.fill('#review-text', 'The old text is stunning.');
    await page.click('button[type=submit]');
    await promptShown(page);
    await page.clock.fastForward(30_000);
    await page.fill('#review-text', 'The new text reads seamlessly.');
    await page.click('button[type=submit]');
    await page.waitForFunction(() => document.getElementById('highlighted')?.textContent === 'The new text reads seamlessly.');

    await first.release();
    expect(await page.textContent('#highlighted')).toBe('The new text reads seamlessly.');
    expect(await page.textContent('#highlighted mark')).toBe('seamlessly');
    await page.context().close();
  });
});

describe('one check at a time', () => {
  it('sends one check for a double click, marks the results busy and the button unavailable while it runs', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    const check = await holdFirst(page, (call) => call.name === 'find_writing_signals');
    const checks = countCalls(page, 'find_writing_signals');
    await gotoReviewPage(opened);
    await page.selectOption('#review-profile', 'technical-reference');
    await page.fill('#review-text', 'A stunning tool.');
    await page.dblclick('button[type=submit]');
    await page.waitForFunction(() => document.getElementById('status')?.textContent !== '');
    expect(await busyOfResults(page)).toBe('true');
    expect(await page.getAttribute('button[type=submit]', 'aria-disabled')).toBe('true');
    // Playwright waits for an aria-disabled button to become enabled; a person can still click it.
    await page.click('button[type=submit]', { force: true });
    await page.keyboard.press('Enter');

    await check.release();
    await page.waitForSelector('#highlighted mark');
    expect(await busyOfResults(page)).toBe('false');
    expect(await page.getAttribute('button[type=submit]', 'aria-disabled')).toBe('false');
    expect(checks).toHaveLength(1);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('gives up on a check after 30 seconds and says so', async () => {
    const opened = await openReviewPage(browser());
    const { page } = opened;
    await installPausedClock(page);
    await holdFirst(page, (call) => call.name === 'find_writing_signals');
    await gotoReviewPage(opened);
    await page.fill('#review-text', 'A stunning tool.');
    await page.click('button[type=submit]');
    await promptShown(page);
    await page.clock.fastForward(29_000);
    expect(await page.textContent('#errors')).toBe('');
    await page.clock.fastForward(1_000);
    await page.waitForSelector('#errors p', { timeout: 5_000 });
    expect(await page.textContent('#errors')).toBe('Checking the text for writing signals failed. timeout: No answer within 30 seconds.');
    expect(await page.textContent('#status')).toBe('Checking the text for writing signals failed.');
    expect(await busyOfResults(page)).toBe('false');
    await page.context().close();
  });
});

/** Answers every call of `name` with `answer` (status, body); other calls reach the Worker. */
async function answer(page: Page, name: string, status: number, body: unknown): Promise<void> {
  await page.route('**/v1/dispatch', async (route) => {
    if (callOf(route).name !== name) return route.continue();
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

describe('failed loads and checks', () => {
  it.each([
    [
      'a 503',
      (route: Route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"ok":false,"tool":"get_writing_rules","error":{"code":"unavailable","message":"Try later."}}',
        }),
    ],
    [
      'a 401',
      (route: Route) =>
        route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: '{"ok":false,"tool":"","error":{"code":"unauthorized","message":"A bearer token is needed."}}',
        }),
    ],
    ['a network error', (route: Route) => route.abort('connectionrefused')],
    [
      'a 200 of the wrong shape',
      (route: Route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"tool":"get_writing_rules","data":{"rules":{}}}' }),
    ],
  ])('says that the rules could not be read after %s at page load, in English and German', async (_case, fail) => {
    for (const [query, expected] of [
      ['', 'Reading the writing rules failed.'],
      ['?lang=de', 'Abrufen der Schreibregeln ist fehlgeschlagen.'],
    ] as const) {
      const { page } = await reviewPage();
      await page.route('**/v1/dispatch', (route) => (callOf(route).name === 'get_writing_rules' ? fail(route) : route.continue()));
      await page.goto(`${baseUrl()}/${query}`);
      await page.waitForSelector('#errors p');
      await page.waitForFunction((text) => document.getElementById('profile-rules')?.textContent === text, expected, { timeout: 5_000 });
      expect((await page.textContent('#errors'))?.startsWith(expected)).toBe(true);
    }
  });

  it('ends a check answered with data of the wrong shape with an alert and a finished status', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    await answer(page, 'find_writing_signals', 200, { ok: true, tool: 'x', data: {} });
    await gotoReviewPage(opened);
    await page.fill('#review-text', 'A stunning tool.');
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p', { timeout: 5_000 });
    expect(await page.textContent('#errors')).toBe(
      'Checking the text for writing signals failed. invalid-response: The answer does not have the expected form.',
    );
    expect(await page.textContent('#status')).toBe('Checking the text for writing signals failed.');
    expect(opened.consoleErrors).toEqual([]);
  });

  it('clears the previous result when a check fails', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    await gotoReviewPage(opened);
    await page.selectOption('#review-profile', 'technical-reference');
    await page.fill('#review-text', 'A stunning tool.');
    await page.click('button[type=submit]');
    await page.waitForSelector('#highlighted mark');

    await answer(page, 'find_writing_signals', 503, {
      ok: false,
      tool: 'find_writing_signals',
      error: { code: 'unavailable', message: 'Try later.' },
    });
    await page.fill('#review-text', 'Another text.');
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p', { timeout: 5_000 });
    expect(await page.textContent('#errors')).toBe('Checking the text for writing signals failed. unavailable: Try later.');
    expect(await page.textContent('#highlighted')).toBe('');
    expect(await page.isVisible('#highlighted')).toBe(false);
    expect(await page.textContent('#signal-summary')).toBe('Checking the text for writing signals failed.');
    expect(await page.$$eval('#scanned-rules li, #unscanned-rules li', (items) => items.map((li) => li.textContent))).toEqual([
      'Not checked yet.',
      'Not checked yet.',
    ]);
  });
});

describe('texts that are not sent', () => {
  it('refuses a text over 250,000 UTF-16 code units with a message naming the limit, and keeps the whole text', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    const checks = countCalls(page, 'find_writing_signals');
    await gotoReviewPage(opened);
    const long = `${'word '.repeat(50_000)}x`;
    await page.fill('#review-text', long);
    expect(await page.$eval('#review-text', (area) => (area as HTMLTextAreaElement).value.length)).toBe(250_001);
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p', { timeout: 5_000 });
    expect(await page.textContent('#errors')).toBe('The text has 250,001 UTF-16 code units, more than 250,000.');
    expect(checks).toHaveLength(0);
  });

  it('says that a text is needed instead of sending an empty or blank one', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    const checks = countCalls(page, 'find_writing_signals');
    await gotoReviewPage(opened);
    for (const text of ['', ' \n\t ']) {
      await page.fill('#review-text', text);
      await page.click('button[type=submit]');
      await page.waitForSelector('#errors p', { timeout: 5_000 });
      expect(await page.textContent('#errors')).toBe('Enter a text to check first.');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('review-text');
    }
    expect(checks).toHaveLength(0);
  });
});

describe('the token field', () => {
  it('sends the token on Enter and hides the field once the service takes it', async () => {
    const { page } = await reviewPage();
    const seen: (string | undefined)[] = [];
    await page.route('**/v1/dispatch', async (route) => {
      const auth = route.request().headers().authorization;
      seen.push(auth);
      if (auth === 'Bearer enter-token') return route.continue();
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, tool: '', error: { code: 'unauthorized', message: 'A bearer token is needed.' } }),
      });
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('#token-panel:not([hidden])');
    await page.fill('#api-token', 'enter-token');
    await page.press('#api-token', 'Enter');
    await page.waitForSelector('#profile-rules details', { timeout: 5_000 });
    expect(seen.at(-1)).toBe('Bearer enter-token');
    expect(await page.isVisible('#token-panel')).toBe(false);
    expect(await page.textContent('#errors')).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('review-text');
  });

  it('keeps the field open while the service still refuses the token', async () => {
    const { page } = await reviewPage();
    await answer(page, 'get_writing_rules', 401, {
      ok: false,
      tool: '',
      error: { code: 'unauthorized', message: 'A bearer token is needed.' },
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('#token-panel:not([hidden])');
    await page.fill('#api-token', 'wrong-token');
    await page.press('#api-token', 'Enter');
    await page.waitForFunction(() => document.getElementById('errors')?.textContent?.includes('unauthorized') === true);
    expect(await page.isVisible('#token-panel')).toBe(true);
  });
});
