// The README's screenshot of the review page with a checked text. Writes
// docs/review-page.png when UPDATE_SCREENSHOT=1, otherwise a file in the temp
// directory, so a test run never changes the repository.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { gotoReviewPage, launchChromium, openReviewPage } from './chromium';

const SAMPLE =
  'It is worth noting that the installer might possibly need a restart.\n' +
  'This makes it easy to start: the setup is production-ready, powerful and seamless.';

it('renders a checked text with highlights, coverage and the focused rule', async () => {
  const target = process.env.UPDATE_SCREENSHOT === '1'
    ? fileURLToPath(new URL('../../docs/review-page.png', import.meta.url))
    : join(mkdtempSync(join(tmpdir(), 'review-page-')), 'review-page.png');
  const browser = await launchChromium();
  try {
    const opened = await openReviewPage(browser);
    await gotoReviewPage(opened);
    const { page } = opened;
    await page.fill('#review-text', SAMPLE);
    await page.selectOption('#review-profile', 'technical-reference');
    await page.click('button[type=submit]');
    await page.waitForSelector('mark');
    await page.focus('mark >> nth=0');
    await page.screenshot({ path: target, fullPage: true });
    const png = readFileSync(target);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(await page.$$('mark')).not.toHaveLength(0);
  } finally {
    await browser.close();
  }
});
