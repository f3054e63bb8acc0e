// GET /: the review page (src/page, inlined by scripts/build-page.ts) in the
// interface language of `?lang=` or Accept-Language, with the host's review
// context and the catalogue version in its VOIX <context>, escaped, and
// headers that allow no request beyond this origin's API (nosniff and
// Referrer-Policy come from the securityHeaders() middleware). Each language's
// page is a static asset (wrangler.toml [assets]), read through the ASSETS
// binding: it stays out of the Worker's script, and the Worker still picks
// the language, fills in the context and sets the headers.
import type { Context, Handler } from 'hono';
import { catalogueVersion } from '../../core/index';
import { escapeHtml } from '../../page/escape-html';
import { pickUiLanguage, type UiLanguage } from '../../page/ui-language';
import type { HostConfig } from '../config';
import type { AppEnv } from '../env';
import { contextSlot, pageCsp } from './page.generated';

const HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': pageCsp,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-cache',
  Vary: 'Accept-Language',
};

/**
 * The text of the page's <context> element. With API_TOKEN set, the audience
 * and goal stay behind the token, as they do in the composed prompt.
 */
export function hostContextText(config: Pick<HostConfig, 'reviewContext' | 'apiToken'>): string {
  const lines = ['Review context of this host, fixed by the host and used by compose_writing_review_prompt.'];
  if (config.apiToken !== undefined) {
    lines.push('The tools need a bearer token on this host; the review context is given to calls that carry it.');
  } else if (config.reviewContext === undefined) {
    lines.push('No review context is configured: compose_writing_review_prompt answers context-missing.');
  } else {
    lines.push(`Audience: ${config.reviewContext.audience}`, `Goal: ${config.reviewContext.goal}`);
  }
  lines.push(`Catalogue version: ${catalogueVersion}`);
  lines.push('Signals are literal cues for review; no signal does not mean the text passes a rule.');
  return lines.join('\n');
}

/** The asset of `lang` with `context` in its slot; throws (a 500 answer) when the binding or the asset is missing. */
async function readPage(c: Context<AppEnv>, lang: UiLanguage, context: string): Promise<string> {
  const assets = c.env.ASSETS;
  if (assets === undefined) throw new Error('The ASSETS binding is missing: wrangler.toml [assets] serves the review page.');
  // Any origin: the binding serves by path alone.
  const response = await assets.fetch(new URL(`/${lang}.html`, c.req.url));
  if (!response.ok) throw new Error(`The review page asset /${lang}.html answered ${response.status}; run npm run build.`);
  return (await response.text()).split(contextSlot).join(context);
}

/** Handler for GET / built once per host configuration. */
export function pageHandler(config: Pick<HostConfig, 'reviewContext' | 'apiToken'>): Handler<AppEnv> {
  const context = escapeHtml(hostContextText(config));
  // Filled pages by language, kept for the isolate's life: assets change only
  // with a deploy, which starts new isolates. Only settled strings are kept,
  // as a Worker must not await another request's pending I/O.
  const pages = new Map<UiLanguage, string>();
  return async function reviewPage(c) {
    const lang = pickUiLanguage(c.req.query('lang'), c.req.header('Accept-Language'));
    let page = pages.get(lang);
    if (page === undefined) {
      page = await readPage(c, lang, context);
      pages.set(lang, page);
    }
    return c.body(page, 200, { ...HEADERS, 'Content-Language': lang });
  };
}
