// Accessibility of the review page in headless Chromium: axe-core (WCAG 2.1 A
// and AA rules, colour contrast included) in each state a person meets, in
// both interface languages, and the keyboard path through the page with a
// visible focus on every stop.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, NodeResult } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, gotoReviewPage, chromiumForFile, sharedReviewPage } from './chromium';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// Signals of two rules, one overlap of two rules, and text around them.
const TEXT =
  'It is worth noting that the installer might possibly need a restart.\nThe setup could be sorted out somewhat, and it is a stunning and seamless setup.';

interface Finding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: string[];
}

const describeNode = (node: NodeResult) => `${node.target.join(' ')}: ${node.failureSummary ?? node.html}`;
const findings = (results: AxeResults['violations']): Finding[] =>
  results.map((result) => ({ rule: result.id, impact: result.impact ?? '', help: result.help, nodes: result.nodes.map(describeNode) }));

/** What the assertions read of axe-core's results: passes only as the count of text whose contrast was measured. */
interface Audit {
  readonly violations: AxeResults['violations'];
  readonly incomplete: AxeResults['incomplete'];
  readonly contrastPasses: number;
}

/**
 * Runs axe-core on the page as it stands. The source goes in through
 * `page.evaluate`, which runs over the DevTools protocol in the page's main
 * world and is not subject to the page's CSP (a <script> tag would be blocked).
 * Only what the assertions read comes back: the whole results (every node that
 * passed, with its HTML) took longer to carry over than axe took to run.
 */
async function audit(page: Page): Promise<Audit> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
    });
    const contrastPasses = results.passes.find((result) => result.id === 'color-contrast')?.nodes.length ?? 0;
    return { violations: results.violations, incomplete: results.incomplete, contrastPasses };
  }, WCAG_TAGS);
}

const OVERLAP = /overlapped by another element|partially overlaps other elements/;

/**
 * Asserts no violation, that colour contrast was measured on the page's text,
 * and that nothing is left undecided, except, with `tipOpen`, the contrast of
 * text under or in the rule box that is drawn over other content (axe cannot
 * tell those backgrounds apart; `ownContrast` measures the box itself).
 */
async function expectAccessible(page: Page, tipOpen = false): Promise<void> {
  const results = await audit(page);
  expect(findings(results.violations)).toEqual([]);
  expect(results.contrastPasses).toBeGreaterThan(20);
  const undecided = findings(results.incomplete);
  if (!tipOpen) expect(undecided).toEqual([]);
  else
    expect(
      undecided.flatMap((finding) => finding.nodes.filter((node) => finding.rule !== 'color-contrast' || !OVERLAP.test(node))),
    ).toEqual([]);
}

/** The part of axe-core's colour module (`axe.commons.color`) that its typings leave out. */
interface AxeColor {
  readonly alpha: number;
  parseString(css: string): void;
}
interface AxeColorModule {
  Color: new () => AxeColor;
  getContrast(background: AxeColor, foreground: AxeColor): number;
}

/** The contrast ratio of an element's text on its own opaque background, by axe's colour functions. */
function ownContrast(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (el) => {
    const { color } = (window as unknown as { axe: { commons: { color: AxeColorModule } } }).axe.commons;
    const style = getComputedStyle(el);
    const fg = new color.Color();
    fg.parseString(style.color);
    const bg = new color.Color();
    bg.parseString(style.backgroundColor);
    if (bg.alpha !== 1) throw new Error(`${el.id} has no opaque background`);
    return color.getContrast(bg, fg);
  });
}

async function review(page: Page, text: string): Promise<void> {
  // The text is English; on a German page the text's language starts as German.
  await page.selectOption('#review-language', 'en');
  await page.fill('#review-text', text);
  await page.selectOption('#review-profile', 'technical-reference');
  await page.waitForSelector('#profile-rules details');
  await page.click('button[type=submit]');
  await page.waitForSelector('#highlighted mark');
  await page.waitForFunction(() => (document.getElementById('review-prompt') as HTMLTextAreaElement).value !== '');
}

/** What has focus now, and whether it is drawn with an outline or a shadow. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { key: 'body', visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const key = el.id ? `#${el.id}` : el.tagName === 'MARK' ? `mark:${el.textContent}` : el.tagName.toLowerCase();
    return { key, visible: outline || shadow };
  });
}

const browser = chromiumForFile();

/** One page for every test of the file, reset before each. */
const reviewPage = sharedReviewPage(browser);

describe.each(['en', 'de'])('axe-core, WCAG 2.1 A and AA, interface language %s', (lang) => {
  const query = `?lang=${lang}`;

  it('finds no violation on the page as it opens', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, query);
    expect(await opened.page.getAttribute('html', 'lang')).toBe(lang);
    await expectAccessible(opened.page);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('finds no violation after a check with signals, coverage, rules and prompt, nor with a rule tip open', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, query);
    const { page } = opened;
    await review(page, TEXT);
    expect(await page.$$('#highlighted mark')).toHaveLength(4);
    expect(await page.$$('#highlighted mark.overlap')).not.toHaveLength(0);
    expect(await page.$$eval('#scanned-rules li', (items) => items.length)).toBeGreaterThan(1);
    await expectAccessible(page);

    await page.focus('button[type=submit]');
    await page.keyboard.press('Tab');
    expect(await page.isVisible('#signal-tip')).toBe(true);
    await expectAccessible(page, true);
    expect(await ownContrast(page, '#signal-tip')).toBeGreaterThanOrEqual(4.5);

    await page.focus('#highlighted mark.overlap');
    expect(await page.$$eval('#signal-tip .tip-title', (titles) => titles.length)).toBe(2);
    await expectAccessible(page, true);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('finds no violation with a suggestion drawn lighter, nor with suggestions hidden; the lighter mark keeps its text contrast', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, query);
    const { page } = opened;
    await review(page, 'We cached the tokens. This allows us to ship daily with a stunning panel.');
    expect(await page.$$('#highlighted mark.suggestion')).toHaveLength(1);
    await expectAccessible(page);
    expect(await ownContrast(page, '#highlighted mark.suggestion')).toBeGreaterThanOrEqual(4.5);
    await page.focus('#show-suggestions');
    await page.keyboard.press('Space');
    expect(await page.$$('#highlighted mark.suggestion')).toHaveLength(0);
    await expectAccessible(page);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('finds no violation with an error of the service shown (413)', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, query);
    const { page } = opened;
    await page.evaluate(() => {
      (document.getElementById('review-text') as HTMLTextAreaElement).value = '\u0001'.repeat(200_000);
    });
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p');
    expect(await page.textContent('#errors')).toContain('body-too-large');
    await expectAccessible(page);
  });

  it('finds no violation with a 503 shown, the copy button disabled, and with the token field of a 401', async () => {
    const { page } = await reviewPage();
    await page.route('**/v1/dispatch', async (route) => {
      const call = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (call.name === 'compose_writing_review_prompt') {
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            ok: false,
            tool: call.name,
            error: { code: 'context-missing', message: 'This host has no review context.' },
          }),
        });
      }
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, tool: call.name, error: { code: 'unauthorized', message: 'A bearer token is needed.' } }),
      });
    });
    await page.goto(`${baseUrl()}/${query}`);
    await page.waitForSelector('#token-panel:not([hidden])');
    expect(await page.textContent('#errors')).toContain('context-missing');
    expect(await page.isDisabled('#copy-prompt')).toBe(true);
    await expectAccessible(page);
  });

  it('finds no violation while a check runs, nor with the rules failed and a text refused', async () => {
    const opened = await reviewPage();
    const { page } = opened;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/dispatch', async (route) => {
      const call = JSON.parse(route.request().postData() ?? '{}') as { name: string };
      if (call.name === 'get_writing_rules') {
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, tool: call.name, error: { code: 'unavailable', message: 'Try later.' } }),
        });
      }
      if (call.name === 'find_writing_signals') await held;
      return route.continue();
    });
    await page.goto(`${baseUrl()}/${query}`);
    await page.waitForSelector('#errors p');
    await page.fill('#review-text', TEXT);
    await page.click('button[type=submit]');
    await page.waitForSelector('[aria-busy=true]');
    await expectAccessible(page);
    release();
    await page.waitForSelector('[aria-busy=false]');
    await page.fill('#review-text', ' ');
    await page.click('button[type=submit]');
    await page.waitForFunction(() => document.getElementById('errors')?.childElementCount === 1);
    await expectAccessible(page);
  });

  it('finds no violation with all scannable rules checked', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, query);
    const { page } = opened;
    await page.selectOption('#review-language', 'en');
    await page.selectOption('#review-profile', 'scannable');
    await page.fill('#review-text', TEXT);
    await page.click('button[type=submit]');
    await page.waitForSelector('#highlighted mark');
    await expectAccessible(page);
  });
});

describe('keyboard', () => {
  it('reaches the language switch, form, marks, rules and copy button in reading order, each with a visible focus', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await review(page, TEXT);
    const marks = await page.$$eval('#highlighted mark', (items) => items.map((mark) => `mark:${mark.textContent}`));
    const rules = await page.$$eval('#profile-rules summary', (items) => items.length);
    expect(marks).toHaveLength(4);
    expect(rules).toBe(6);

    // Start from the top of the document, as a person who just loaded the page.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.click(1, 1);
    const stops: { key: string; visible: boolean }[] = [];
    for (let i = 0; i < 6 + marks.length + 1 + rules + 2; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    expect(stops.map((stop) => stop.key)).toEqual([
      '#ui-language',
      '#review-text',
      '#review-language',
      '#review-profile',
      '#review-format',
      'button',
      ...marks,
      '#show-suggestions',
      ...Array<string>(rules).fill('summary'),
      '#copy-prompt',
      '#review-prompt',
    ]);
    expect(stops.filter((stop) => !stop.visible)).toEqual([]);

    // Shift+Tab walks back; Enter on a focused rule opens it.
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).key).toBe('#copy-prompt');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.$eval('#profile-rules details:last-of-type', (details) => (details as HTMLDetailsElement).open)).toBe(true);
  });

  it('leaves the text with Tab and submits the form with Enter on the button', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.selectOption('#review-profile', 'technical-reference');
    await page.focus('#review-text');
    await page.keyboard.type('A stunning tool.');
    await page.keyboard.press('Tab');
    expect((await focused(page)).key).toBe('#review-language');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await focused(page)).key).toBe('button');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#highlighted mark');
    expect(await page.textContent('#highlighted mark')).toBe('stunning');
  });
});

describe('content on hover and narrow screens', () => {
  it('keeps the rule box open while the pointer moves from the mark onto it (WCAG 1.4.13)', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await review(page, TEXT);
    await page.hover('#highlighted mark >> nth=0');
    const tip = await page.locator('#signal-tip').boundingBox();
    expect(tip).not.toBeNull();
    await page.mouse.move(tip!.x + tip!.width / 2, tip!.y + tip!.height / 2, { steps: 12 });
    expect(await page.isVisible('#signal-tip')).toBe(true);
    await page.mouse.move(tip!.x + tip!.width / 2, tip!.y + tip!.height + 200, { steps: 4 });
    expect(await page.isVisible('#signal-tip')).toBe(false);
  });

  it('needs no horizontal scrolling at 320 CSS pixels, with the rule box open (WCAG 1.4.10)', async () => {
    const opened = await reviewPage();
    await opened.page.setViewportSize({ width: 320, height: 640 });
    await gotoReviewPage(opened);
    const { page } = opened;
    await review(page, TEXT);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    const marks = await page.$$('#highlighted mark');
    for (const mark of marks) {
      await mark.focus();
      expect(await page.isVisible('#signal-tip')).toBe(true);
      expect(await overflow()).toBe(0);
    }
    await expectAccessible(page, true);
  });
});
