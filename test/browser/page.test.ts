// The review page as a person uses it, in headless Chromium against the Worker
// under `wrangler dev`: headers, highlights at UTF-16 spans, accessible names,
// coverage, rules, prompt copy, and errors of the service shown with their code.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPlainLine } from '../../src/core/index';
import { baseUrl, gotoReviewPage, chromiumForFile, openReviewPage, sharedReviewPage, type OpenedPage } from './chromium';

// Emoji (surrogate pairs, a ZWJ sequence) and combining marks before the matches.
const TEXT = '👩‍💻 Cafe\u0301 na\u0308ive 🎉🎉 notes: a stunning review panel.\nThen 𝒳 could be sorted out somewhat. Seamlessly done.';

interface Signal {
  ruleId: string;
  start: number;
  end: number;
  quote: string;
}

async function callService<T>(name: string, args: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/v1/dispatch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, arguments: args }),
  });
  return ((await response.json()) as { data: T }).data;
}

async function review(page: Page, text: string, profile = 'technical-reference'): Promise<void> {
  await page.fill('#review-text', text);
  await page.selectOption('#review-profile', profile);
  await page.waitForSelector('#profile-rules details');
  await page.click('button[type=submit]');
  await page.waitForFunction(() => !document.getElementById('signal-summary')?.textContent?.startsWith('No text checked'));
}

/** Each mark with its UTF-16 offset in the drawn text, measured in the DOM. */
function drawnMarks(page: Page) {
  return page.evaluate(() => {
    const view = document.getElementById('highlighted')!;
    const marks: { start: number; text: string; dataStart: number; dataEnd: number; rules: string }[] = [];
    let offset = 0;
    for (const node of view.childNodes) {
      const text = node.textContent ?? '';
      if (node instanceof HTMLElement && node.tagName === 'MARK') {
        marks.push({
          start: offset,
          text,
          dataStart: Number(node.dataset.start),
          dataEnd: Number(node.dataset.end),
          rules: node.dataset.rules ?? '',
        });
      }
      offset += text.length;
    }
    return { whole: view.textContent, marks };
  });
}

const browser = chromiumForFile();
let opened: OpenedPage;

/** One page for the tests that start from a fresh page, reset before each (the checked page of 'review page in Chromium' is its own). */
const reviewPage = sharedReviewPage(browser);

describe('GET /', () => {
  it('answers the page with a strict CSP and hardening headers', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(csp).not.toContain('unsafe');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('review page in Chromium', () => {
  beforeAll(async () => {
    opened = await openReviewPage(browser());
    await gotoReviewPage(opened);
    await review(opened.page, TEXT);
  });

  it('highlights each signal at its exact UTF-16 span after emoji and combining marks', async () => {
    const { signals } = await callService<{ signals: Signal[] }>('find_writing_signals', {
      text: TEXT,
      profile: 'technical-reference',
      maxSignals: 500,
    });
    const { whole, marks } = await drawnMarks(opened.page);
    expect(whole).toBe(TEXT);
    expect(marks.map((mark) => mark.text)).toEqual(['stunning', 'could be sorted out somewhat', 'Seamlessly']);
    for (const mark of marks) {
      expect(mark.start).toBe(mark.dataStart);
      expect(mark.text).toBe(TEXT.slice(mark.dataStart, mark.dataEnd));
    }
    const single = signals.filter((signal) => signal.ruleId === 'word-choice');
    expect(single.map((signal) => [signal.start, signal.end])).toEqual(
      marks.filter((mark) => mark.rules === 'word-choice').map((mark) => [mark.dataStart, mark.dataEnd]),
    );
  });

  it('merges overlapping signals of two rules into one mark naming both', async () => {
    const { marks } = await drawnMarks(opened.page);
    const overlap = marks.find((mark) => mark.text.startsWith('could be sorted out'));
    expect(overlap?.rules).toBe('calibrated-uncertainty concrete-subject');
    // Both signals there are suggestions, so the mark is drawn as one too.
    expect(await opened.page.getAttribute('mark:nth-of-type(2)', 'class')).toBe('overlap suggestion');
  });

  it('gives each mark a description with the rule title and instruction, shown on keyboard focus', async () => {
    const rules = await callService<{ rules: { id: string; title: { en: string }; prompt: { en: string } }[] }>('get_writing_rules', {
      detail: 'full',
    });
    const wordChoice = rules.rules.find((rule) => rule.id === 'word-choice')!;
    const { page } = opened;
    await page.focus('button[type=submit]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('stunning');
    expect(await page.isVisible('#signal-tip')).toBe(true);
    expect(await page.textContent('#signal-tip')).toBe(`${wordChoice.title.en}${wordChoice.prompt.en}`);
    await page.keyboard.press('Escape');
    expect(await page.isVisible('#signal-tip')).toBe(false);

    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value: string }; name?: { value: string }; description?: { value: string }; focusable?: boolean }[];
    };
    const marks = nodes.filter((node) => node.role?.value === 'mark');
    expect(marks).toHaveLength(3);
    expect(marks[0]?.name?.value).toBe('stunning');
    expect(marks[0]?.description?.value).toBe(`Signal for ${wordChoice.title.en}: ${wordChoice.prompt.en}`);
    expect(marks[1]?.description?.value).toMatch(/^Suggestion for /);
  });

  it('shows the rule on hover', async () => {
    await opened.page.hover('mark >> nth=2');
    expect(await opened.page.isVisible('#signal-tip')).toBe(true);
    await opened.page.mouse.move(1, 1);
    expect(await opened.page.isVisible('#signal-tip')).toBe(false);
  });

  it('lists scanned and review-only rules and says that no signal is not a pass', async () => {
    const { page } = opened;
    const scanned = await page.$$eval('#scanned-rules li', (items) => items.map((li) => li.textContent));
    const unscanned = await page.$$eval('#unscanned-rules li', (items) => items.map((li) => li.textContent));
    expect(scanned.map((text) => text?.match(/\(([a-z-]+)\)$/)?.[1])).toEqual([
      'concrete-subject',
      'calibrated-uncertainty',
      'word-choice',
    ]);
    expect(unscanned.map((text) => text?.match(/\(([a-z-]+)\)$/)?.[1])).toEqual(['current-state', 'invented-labels', 'format-fit']);
    expect(await page.textContent('#coverage-heading + .notice')).toContain('No signal is not a pass');
  });

  it('says plainly that a text without signals has not passed', async () => {
    const other = await reviewPage();
    await gotoReviewPage(other);
    await review(other.page, 'Run the installer, then open a terminal.');
    expect(await other.page.textContent('#signal-summary')).toBe(
      'No signal found. That is not a pass: the rules still need a human or model review.',
    );
    expect(await other.page.$$('mark')).toHaveLength(0);
  });

  it('shows the profile rules and copies the composed prompt with one click', async () => {
    const { page } = opened;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const composed = await callService<{ prompt: string }>('compose_writing_review_prompt', {
      profile: 'technical-reference',
      language: 'en',
    });
    expect(await page.$$('#profile-rules details')).toHaveLength(6);
    await page.click('#copy-prompt');
    await page.waitForFunction(() => document.getElementById('copy-status')?.textContent !== '');
    expect(await page.textContent('#copy-status')).toBe('Prompt copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(composed.prompt);
  });

  it('prints only plain-line labels and makes no request outside its origin', async () => {
    const { page, requests, consoleErrors } = opened;
    const labels = await page.$$eval('label, button, h1, h2, h3, summary, option', (elements) =>
      elements.map((el) => el.textContent?.trim() ?? ''),
    );
    expect(labels.filter((label) => !isPlainLine(label))).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(`${baseUrl()}/`) && !url.startsWith('data:'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

describe('format of the text', () => {
  const MARKDOWN = 'Run `stunning --fast` once.\n\n```\nstunning\n```\n\nA stunning tool, see <https://example.com/stunning>.';

  it('scans only the prose of Markdown, marks it at its offset in the original, and says what was skipped', async () => {
    const markdown = await reviewPage();
    await gotoReviewPage(markdown);
    const { page } = markdown;
    await page.selectOption('#review-format', 'markdown');
    await review(page, MARKDOWN);
    const service = await callService<{ signals: Signal[]; coverage: { notScannedUnits: Record<string, number> } }>(
      'find_writing_signals',
      {
        text: MARKDOWN,
        profile: 'technical-reference',
        maxSignals: 500,
        format: 'markdown',
      },
    );
    const { whole, marks } = await drawnMarks(page);
    expect(whole).toBe(MARKDOWN);
    const prose = MARKDOWN.indexOf('A stunning') + 2;
    expect(marks.map((mark) => [mark.text, mark.dataStart])).toEqual([['stunning', prose]]);
    expect(service.signals.map((signal) => signal.start)).toEqual([prose]);
    const skipped = Object.values(service.coverage.notScannedUnits).reduce((sum, units) => sum + units, 0);
    expect(skipped).toBeGreaterThan(0);
    expect(await page.textContent('#coverage-skipped')).toBe(
      `Read as Markdown: ${skipped} UTF-16 code units of code, markup, links and front matter not scanned.`,
    );
    expect(await page.isVisible('#coverage-skipped')).toBe(true);

    await page.selectOption('#review-format', 'text');
    await page.click('button[type=submit]');
    await page.waitForFunction(() => document.querySelectorAll('#highlighted mark').length > 1);
    // In text mode the code is prose too; the bare URL is not (non-prose.ts).
    expect((await drawnMarks(page)).marks.map((mark) => mark.text)).toEqual(['stunning', 'stunning', 'stunning']);
    expect(await page.isVisible('#coverage-skipped')).toBe(false);
    expect(markdown.consoleErrors).toEqual([]);
  });
});

describe('comments that switch rules off', () => {
  const MARKDOWN =
    'A stunning tool.\n\n<!-- writing-rules-disable word-choice -->\n\nAnother stunning tool.\n\n<!-- writing-rules-disable no-such-rule -->\n';

  it('says how many signals comments turned off and names each comment it could not read, with its line', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.selectOption('#review-format', 'markdown');
    await review(page, MARKDOWN);
    const service = await callService<{ coverage: { suppressedSignals: number; directiveProblems: { line: number; message: string }[] } }>(
      'find_writing_signals',
      {
        text: MARKDOWN,
        profile: 'technical-reference',
        maxSignals: 500,
        format: 'markdown',
      },
    );
    expect(service.coverage.suppressedSignals).toBe(1);
    const [problem] = service.coverage.directiveProblems;
    expect(problem?.line).toBe(7);
    expect(await page.textContent('#signal-summary')).toBe(
      `1 signal in 1 highlighted passage. Each needs review; focus a highlight to read its rule. Signals turned off by comments: 1. Comment on line 7: ${problem?.message}.`,
    );
    expect(opened.consoleErrors).toEqual([]);
  });
});

describe('text direction', () => {
  it('lays out a right-to-left text from right to left in the field and in the checked text', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await review(page, 'שלום עולם. A stunning tool.');
    expect(await page.$eval('#review-text', (area) => area.matches(':dir(rtl)'))).toBe(true);
    expect(await page.$eval('#highlighted', (view) => view.matches(':dir(rtl)'))).toBe(true);
    await page.fill('#review-text', 'A stunning tool.');
    expect(await page.$eval('#review-text', (area) => area.matches(':dir(ltr)'))).toBe(true);
  });
});

describe('errors of the service', () => {
  it('shows 503 context-missing from the prompt composer with code and message', async () => {
    const { page } = await reviewPage();
    const message = 'This host has no review context (audience and goal).';
    await page.route('**/v1/dispatch', async (route) => {
      const call = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (call.name !== 'compose_writing_review_prompt') return route.continue();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, tool: call.name, error: { code: 'context-missing', message } }),
      });
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('#errors p');
    expect(await page.textContent('#errors')).toBe(`Composing the review instructions failed. context-missing: ${message}`);
    expect(await page.getAttribute('#errors', 'role')).toBe('alert');
    expect(await page.isDisabled('#copy-prompt')).toBe(true);
  });

  it('shows 413 for a body over the limit', async () => {
    const opened413 = await reviewPage();
    await gotoReviewPage(opened413);
    const { page } = opened413;
    await page.evaluate(() => {
      (document.getElementById('review-text') as HTMLTextAreaElement).value = '\u0001'.repeat(200_000);
    });
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p');
    expect(await page.textContent('#errors')).toMatch(/^Checking the text for writing signals failed\. body-too-large: .+/);
  });

  it('asks for a bearer token on 401 and sends it, kept in memory only', async () => {
    const { page } = await reviewPage();
    const seen: (string | undefined)[] = [];
    await page.route('**/v1/dispatch', async (route) => {
      const auth = route.request().headers().authorization;
      seen.push(auth);
      if (auth === 'Bearer page-test-token') return route.continue();
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, tool: '', error: { code: 'unauthorized', message: 'A bearer token is needed.' } }),
      });
    });
    await page.goto(`${baseUrl()}/`);
    await page.waitForSelector('#token-panel:not([hidden])');
    expect(await page.textContent('#errors')).toContain('unauthorized: A bearer token is needed.');
    await page.fill('#api-token', 'page-test-token');
    await page.click('#token-apply');
    await page.waitForSelector('#profile-rules details');
    expect(seen.at(-1)).toBe('Bearer page-test-token');
    expect(await page.textContent('#errors')).toBe('');
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, '']);
  });
});

// "This allows us" is a suggestion of concrete-subject, "stunning" a warning of word-choice (technical-reference profile).
describe('signal levels on the review page', () => {
  const LEVELS_TEXT = 'We cached the tokens. This allows us to ship daily with a stunning panel.';

  /** The background colour's relative luminance (WCAG) of the first element matching `selector`. */
  const luminance = (page: Page, selector: string) =>
    page.$eval(selector, (el) => {
      const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });

  it('draws a suggestion lighter than a warning and says it is a suggestion', async () => {
    const levels = await reviewPage();
    await gotoReviewPage(levels);
    const { page } = levels;
    await review(page, LEVELS_TEXT);
    const marks = await page.$$eval('#highlighted mark', (items) => items.map((mark) => [mark.textContent, mark.className]));
    expect(marks).toEqual([
      ['This allows us', 'suggestion'],
      ['stunning', ''],
    ]);
    expect(await luminance(page, '#highlighted mark.suggestion')).toBeGreaterThan(
      await luminance(page, '#highlighted mark:not(.suggestion)'),
    );
    const described = await page.getAttribute('#highlighted mark.suggestion', 'aria-describedby');
    expect(await page.textContent(`#${described}`)).toMatch(/^Suggestion for .+, often fine: /);
    expect(await page.textContent('#signal-summary')).toMatch(/^2 signals in 2 highlighted passages\./);
    expect(levels.consoleErrors).toEqual([]);
  });

  it('hides and shows suggestions with a checkbox, by pointer and by keyboard, without a new check', async () => {
    const levels = await reviewPage();
    await gotoReviewPage(levels);
    const { page } = levels;
    await review(page, LEVELS_TEXT);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/dispatch')) calls += 1;
    });
    expect(await page.isChecked('#show-suggestions')).toBe(true);
    expect(await page.textContent('label[for=show-suggestions]')).toBe('Show suggestions (cues that are often fine, drawn lighter)');
    await page.click('label[for=show-suggestions]');
    expect(await page.$$eval('#highlighted mark', (items) => items.map((mark) => mark.textContent))).toEqual(['stunning']);
    expect(await page.textContent('#signal-summary')).toMatch(/^1 signal in 1 highlighted passage\. .* Suggestions hidden: 1\.$/);
    expect(await page.textContent('#highlighted')).toBe(LEVELS_TEXT);
    // Keyboard: Tab from the last mark reaches the checkbox; Space turns suggestions back on.
    await page.focus('#highlighted mark');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('show-suggestions');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#show-suggestions')).toBe(true);
    expect(await page.$$eval('#highlighted mark', (items) => items.map((mark) => mark.textContent))).toEqual([
      'This allows us',
      'stunning',
    ]);
    expect(calls).toBe(0);
    expect(levels.consoleErrors).toEqual([]);
  });
});

// The browser test files share a page among their tests (chromium.ts); this holds them to starting as on a fresh page.
describe('a shared page handed out again', () => {
  it('has no route, listener, record, permission, stored data, viewport or document left of the test before', async () => {
    const first = await reviewPage();
    await first.page.route('**/v1/dispatch', (route) => route.abort());
    let heard = 0;
    first.page.on('request', () => {
      heard += 1;
    });
    await first.page.context().grantPermissions(['clipboard-read'], { origin: baseUrl() });
    await first.page.setViewportSize({ width: 320, height: 640 });
    await first.page.goto(`${baseUrl()}/`);
    await first.page.waitForSelector('#errors p');
    await first.page.evaluate(() => {
      sessionStorage.setItem('left', 'over');
      localStorage.setItem('left', 'over');
      (window as unknown as { left: string }).left = 'over';
    });
    expect(heard).toBeGreaterThan(0);

    const again = await reviewPage();
    expect(again.page).toBe(first.page);
    expect([again.page.url(), again.requests, again.consoleErrors]).toEqual(['about:blank', [], []]);
    heard = 0;
    // With the route left, the rules would never load.
    await gotoReviewPage(again);
    expect(heard).toBe(0);
    expect(again.requests).toContain(`${baseUrl()}/`);
    const state = await again.page.evaluate(async () => ({
      stored: [sessionStorage.length, localStorage.length],
      left: 'left' in window,
      width: innerWidth,
      clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
    }));
    expect(state).toEqual({ stored: [0, 0], left: false, width: 1100, clipboard: 'prompt' });
  });
});
