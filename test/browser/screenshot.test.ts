// The screenshots of the review page with a checked text, one per interface
// language: docs/review-page.png (English, also in the README) and
// docs/review-page-de.png. Written there when UPDATE_SCREENSHOT=1, otherwise to
// the temp directory, so a test run never changes the repository.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { gotoReviewPage, chromiumForFile, sharedReviewPage } from './chromium';

const SAMPLES = {
  en: {
    file: 'review-page.png',
    text:
      'It is worth noting that the installer might possibly need a restart.\n' +
      'This makes it easy to start: the setup is production-ready, stunning and seamless.',
  },
  de: {
    file: 'review-page-de.png',
    text:
      'Es ist wichtig zu beachten, dass das Installationsprogramm eventuell einen Neustart braucht.\n' +
      'Das könnte eventuell helfen, denn die Einrichtung ist leistungsstark und nahtlos.',
  },
} as const;

const browser = chromiumForFile();

const reviewPage = sharedReviewPage(browser);

it.each(['en', 'de'] as const)('renders a checked text with highlights, coverage and the focused rule (%s)', async (lang) => {
  const { file, text } = SAMPLES[lang];
  const target =
    process.env.UPDATE_SCREENSHOT === '1'
      ? fileURLToPath(new URL(`../../docs/${file}`, import.meta.url))
      : join(mkdtempSync(join(tmpdir(), 'review-page-')), file);
  const opened = await reviewPage();
  await gotoReviewPage(opened, `?lang=${lang}`);
  const { page } = opened;
  await page.selectOption('#review-language', lang);
  await page.fill('#review-text', text);
  await page.selectOption('#review-profile', 'technical-reference');
  await page.click('button[type=submit]');
  await page.waitForSelector('mark');
  await page.focus('mark >> nth=0');
  await page.screenshot({ path: target, fullPage: true });
  const png = readFileSync(target);
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(await page.$$('mark')).not.toHaveLength(0);
});
