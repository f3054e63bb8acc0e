// The page's interface in English and German: which language the Worker
// serves (?lang=, Accept-Language), a whole check run in German, the visible
// switch (independent of the text's language), "All scannable rules", and the
// page's size in each language.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCANNABLE_RULE_IDS } from '../../src/core/index';
import { MESSAGES } from '../../src/page/messages';
import { PAGE_GZIP_BUDGET_BYTES } from '../../src/page/page-budget';
import { baseUrl, gotoReviewPage, chromiumForFile, sharedReviewPage } from './chromium';

const GERMAN_TEXT = 'Es ist wichtig zu beachten, dass das Werkzeug leistungsstark ist.\nEs könnte eventuell helfen.';

/** English messages a German page must not show: those without placeholders that German words differently. */
const ENGLISH_ONLY = Object.entries(MESSAGES.en)
  .filter(([key, text]) => !text.includes('{') && MESSAGES.de[key as keyof typeof MESSAGES.de] !== text)
  .map(([, text]) => text);

async function served(query: string, acceptLanguage?: string): Promise<Response> {
  return fetch(`${baseUrl()}/${query}`, acceptLanguage ? { headers: { 'Accept-Language': acceptLanguage } } : {});
}

/**
 * The page's own text: everything in <body> but the person's text, the rules'
 * data, the prompt, the language switch (each language named in itself) and
 * the hidden VOIX declarations, which speak to assistants.
 */
function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone
      .querySelectorAll('#highlighted, #profile-rules, #review-prompt, #review-text, #ui-language, script, tool, context')
      .forEach((el) => {
        el.remove();
      });
    return clone.textContent ?? '';
  });
}

async function checkText(page: Page, text: string): Promise<void> {
  await page.fill('#review-text', text);
  await page.click('button[type=submit]');
  await page.waitForFunction(() => document.getElementById('status')?.textContent?.includes(':') === true);
}

const browser = chromiumForFile();

/** One page for the tests of the file, and one whose browser asks for German (Accept-Language), each reset before use. */
const reviewPage = sharedReviewPage(browser);
const germanReaderPage = sharedReviewPage(browser, 'de-DE');

describe('the language the Worker serves', () => {
  it('follows ?lang=, then Accept-Language, then English, and says so in <html lang> and the headers', async () => {
    const cases: [string, string | undefined, string][] = [
      ['?lang=de', undefined, 'de'],
      ['?lang=en', 'de-DE,de;q=0.9', 'en'],
      ['', 'de-AT,de;q=0.9,en;q=0.5', 'de'],
      ['', 'fr-FR,fr;q=0.9', 'en'],
      ['?lang=xx', 'de', 'de'],
      ['', undefined, 'en'],
    ];
    for (const [query, acceptLanguage, expected] of cases) {
      const response = await served(query, acceptLanguage);
      const html = await response.text();
      expect([query, acceptLanguage, html.match(/<html lang="([a-z]+)">/)?.[1]]).toEqual([query, acceptLanguage, expected]);
      expect(response.headers.get('content-language')).toBe(expected);
      expect(response.headers.get('vary')).toContain('Accept-Language');
    }
  });

  it('carries every message under its own key, once, in the data-t elements or the message table, in both languages', async () => {
    for (const lang of ['en', 'de'] as const) {
      const html = await (await served(`?lang=${lang}`)).text();
      const shown = [...html.matchAll(/\sdata-t="([^"]+)"/g)].map((match) => match[1] as string);
      const table = JSON.parse(html.match(/<script type="application\/json" id="ui-messages">([^<]*)<\/script>/)?.[1] ?? '{}') as Record<
        string,
        string
      >;
      expect([lang, [...new Set(shown), ...Object.keys(table)].sort()]).toEqual([lang, Object.keys(MESSAGES[lang]).sort()]);
      expect(table['signals.summary']).toBe(MESSAGES[lang]['signals.summary']);
      expect(html).toContain(`<title data-t="page.title">${MESSAGES[lang]['page.title']}</title>`);
    }
  });

  // The host's audience and goal (up to 4,000 units each) are the host's text, not the page's: they are left out, as `npm run build` does.
  it(`stays at most ${PAGE_GZIP_BUDGET_BYTES} bytes gzipped (level 9) in each language, without the host's context`, async () => {
    for (const lang of ['en', 'de']) {
      const html = await (await served(`?lang=${lang}`)).text();
      const page = html.replace(/(<context name="review_context">)[^<]*(<\/context>)/, '$1$2');
      expect(page.length).toBeLessThan(html.length);
      expect([lang, gzipSync(page, { level: 9 }).length <= PAGE_GZIP_BUDGET_BYTES]).toEqual([lang, true]);
    }
  });
});

describe('a German reader', () => {
  it('runs a whole check in German: labels, summary, coverage, rules, status, copy feedback', async () => {
    const opened = await germanReaderPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.title()).toBe('Textprüfung');
    expect(await page.textContent('label[for=review-language]')).toBe('Sprache des Textes');
    await page.selectOption('#review-language', 'de');
    await page.waitForFunction(() => document.getElementById('review-prompt')?.getAttribute('lang') === 'de');
    await checkText(page, GERMAN_TEXT);
    expect(await page.textContent('#status')).toMatch(/^Prüfung abgeschlossen: \d+ Signale?\.$/);
    expect(await page.textContent('#signal-summary')).toMatch(
      /^\d+ Signale? an (einer markierten Stelle|\d+ markierten Stellen)\. Prüfen Sie/,
    );
    const firstMark = await page.getAttribute('#highlighted mark', 'aria-describedby');
    expect(await page.textContent(`#${firstMark}`)).toMatch(/^Signal zur Regel „[^“]+“: /);
    const rules = await page.$$eval('#profile-rules summary', (items) => items.map((item) => item.textContent));
    expect(rules).toContain('Mit dem beginnen, was Lesende erreichen wollen');
    await page.click('#copy-prompt');
    await page.waitForFunction(() => document.getElementById('copy-status')?.textContent !== '');
    expect(await page.textContent('#copy-status')).toBe('Prompt kopiert.');
    expect(await page.textContent('#catalogue-version')).toMatch(/^Regelkatalog /);
    const shown = await interfaceText(page);
    expect(ENGLISH_ONLY.filter((text) => shown.includes(text))).toEqual([]);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('names the suggestion control, a suggestion and the hidden count in German, and redraws them on a switch', async () => {
    const opened = await germanReaderPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.selectOption('#review-profile', 'technical-reference');
    await page.waitForSelector('#profile-rules details');
    // English text on a German page: "This allows us" is a suggestion, "stunning" a warning.
    await page.selectOption('#review-language', 'en');
    await checkText(page, 'We cached the tokens. This allows us to ship daily with a stunning panel.');
    expect(await page.textContent('label[for=show-suggestions]')).toBe('Hinweise zeigen (oft unbedenkliche Wendungen, heller markiert)');
    const described = await page.getAttribute('#highlighted mark.suggestion', 'aria-describedby');
    expect(await page.textContent(`#${described}`)).toMatch(/^Hinweis zur Regel „[^“]+“, oft in Ordnung: /);
    await page.uncheck('#show-suggestions');
    expect(await page.textContent('#signal-summary')).toMatch(/^1 Signal an einer markierten Stelle\. .* Ausgeblendete Hinweise: 1\.$/);
    await page.selectOption('#ui-language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.textContent('label[for=show-suggestions]')).toBe('Show suggestions (cues that are often fine, drawn lighter)');
    expect(await page.textContent('#signal-summary')).toMatch(/Suggestions hidden: 1\.$/);
    expect(await page.isChecked('#show-suggestions')).toBe(false);
    expect(opened.consoleErrors).toEqual([]);
  });

  it('reads a failed call in German around the service’s code and message', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, '?lang=de');
    const { page } = opened;
    await page.evaluate(() => {
      (document.getElementById('review-text') as HTMLTextAreaElement).value = '\u0001'.repeat(200_000);
    });
    await page.click('button[type=submit]');
    await page.waitForSelector('#errors p');
    expect(await page.textContent('#errors')).toMatch(/^Durchsuchen des Textes nach Signalen ist fehlgeschlagen\. body-too-large: .+/);
    expect(await page.textContent('#status')).toBe('Durchsuchen des Textes nach Signalen ist fehlgeschlagen.');
  });
});

describe('texts a German page does not send', () => {
  it('says in German that a text is needed or too long', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, '?lang=de');
    const { page } = opened;
    const cases: [string, string][] = [
      ['  ', 'Geben Sie zuerst einen Text ein.'],
      ['x'.repeat(250_001), 'Der Text hat 250.001 UTF-16-Codeeinheiten, mehr als 250.000.'],
    ];
    for (const [text, message] of cases) {
      await page.fill('#review-text', text);
      await page.click('button[type=submit]');
      await page.waitForFunction((expected) => document.getElementById('errors')?.textContent === expected, message, { timeout: 5_000 });
    }
  });
});

describe('the language of the text', () => {
  it('starts as the interface language on a German page, by ?lang= or Accept-Language, and asks for German rules and prompt', async () => {
    for (const [query, locale] of [
      ['?lang=de', undefined],
      ['', 'de-DE'],
    ] as const) {
      const opened = await (locale ? germanReaderPage() : reviewPage());
      const { page } = opened;
      const prompts: string[] = [];
      page.on('request', (request) => {
        const call = JSON.parse(request.postData() ?? '{}') as { name?: string; arguments?: { language?: string } };
        if (call.name === 'compose_writing_review_prompt') prompts.push(call.arguments?.language ?? '');
      });
      await gotoReviewPage(opened, query);
      expect(await page.$eval('#review-language', (select) => (select as HTMLSelectElement).value)).toBe('de');
      expect(await page.getAttribute('#review-text', 'lang')).toBe('de');
      await page.waitForFunction(() => document.getElementById('review-prompt')?.getAttribute('lang') === 'de');
      expect(prompts).toEqual(['de']);
    }
  });

  it('keeps the language of the text a person chose when the interface language is switched', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened, '?lang=de');
    const { page } = opened;
    await page.selectOption('#review-language', 'en');
    await page.waitForFunction(() => document.getElementById('review-prompt')?.getAttribute('lang') === 'en');
    for (const lang of ['en', 'de']) {
      await page.selectOption('#ui-language', lang);
      await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
      expect(await page.$eval('#review-language', (select) => (select as HTMLSelectElement).value)).toBe('en');
      expect(await page.getAttribute('#review-prompt', 'lang')).toBe('en');
    }
  });
});

describe('the language switch', () => {
  it('redraws the page and the last check in the other language, keeps the text language, and remembers the choice in the address', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.selectOption('#review-profile', 'technical-reference');
    await page.waitForSelector('#profile-rules details');
    await checkText(page, 'A stunning review panel.');
    expect(await page.textContent('#signal-summary')).toMatch(/^1 signal in 1 highlighted passage\./);

    expect(await page.textContent('#status')).toBe('Check finished: 1 signal.');

    await page.selectOption('#ui-language', 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    expect(await page.textContent('h1')).toBe('Textprüfung');
    expect(await page.textContent('#status')).toBe('Prüfung abgeschlossen: 1 Signal.');
    expect(await page.textContent('#signal-summary')).toMatch(/^1 Signal an einer markierten Stelle\./);
    expect(await page.textContent('#scanned-rules li')).toMatch(/\(concrete-subject\)$/);
    expect(await page.$eval('#review-language', (select) => (select as HTMLSelectElement).value)).toBe('en');
    expect(await page.textContent('#review-language option[value=en]')).toBe('Englisch');
    expect(await page.getAttribute('#highlighted', 'lang')).toBe('en');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('de');
    const shown = await interfaceText(page);
    expect(ENGLISH_ONLY.filter((text) => shown.includes(text))).toEqual([]);

    await page.reload();
    await page.waitForSelector('#profile-rules details');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.selectOption('#ui-language', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.textContent('h1')).toBe('Writing review');
    expect(opened.consoleErrors).toEqual([]);
  });

  it('fetches the other language once, from the page’s own origin', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page, requests } = opened;
    for (const lang of ['de', 'en', 'de']) {
      await page.selectOption('#ui-language', lang);
      await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
    }
    expect(requests.filter((url) => url.includes('lang='))).toEqual([`${baseUrl()}/?lang=de`]);
  });
});

describe('all scannable rules', () => {
  it('scans for every rule the scanner knows, lists them all as scanned, and composes the prompt for them', async () => {
    const opened = await reviewPage();
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.selectOption('#review-profile', 'scannable');
    await page.waitForFunction((count) => document.querySelectorAll('#profile-rules details').length === count, SCANNABLE_RULE_IDS.length);
    await checkText(page, 'It is worth noting that this might possibly be stunning.');
    const scanned = await page.$$eval('#scanned-rules li', (items) => items.map((li) => li.textContent?.match(/\(([a-z-]+)\)$/)?.[1]));
    expect(scanned).toEqual([...SCANNABLE_RULE_IDS]);
    expect(await page.textContent('#unscanned-rules')).toBe('None beyond the review every signal needs.');
    const prompt = await page.$eval('#review-prompt', (area) => (area as HTMLTextAreaElement).value);
    expect(prompt.length).toBeGreaterThan(0);
    expect(await page.textContent('#errors')).toBe('');
  });
});
