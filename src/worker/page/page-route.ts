// GET /: the review page (src/page, inlined by scripts/build-page.ts) in the
// interface language of `?lang=` or Accept-Language, with the host's review
// context and the catalogue version in its VOIX <context>, escaped, and
// headers that allow no request beyond this origin's API (nosniff and
// Referrer-Policy come from the securityHeaders() middleware).
import type { Handler } from 'hono';
import { catalogueVersion } from '../../core/index';
import { escapeHtml } from '../../page/escape-html';
import { pickUiLanguage, UI_LANGUAGES, type UiLanguage } from '../../page/ui-language';
import type { HostConfig } from '../config';
import type { AppEnv } from '../env';
import { contextSlot, pageCsp, pageShared, pageTexts } from './page.generated';

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

/** The page in `lang`: the shared parts with that language's texts between them and `context` in its slot. */
function pageIn(lang: UiLanguage, context: string): string {
  const texts: readonly string[] = pageTexts[lang];
  return pageShared.map((part, index) => (index === 0 ? part : `${texts[index - 1]}${part}`)).join('').split(contextSlot).join(context);
}

/** Handler for GET / built once per host configuration. */
export function pageHandler(config: Pick<HostConfig, 'reviewContext' | 'apiToken'>): Handler<AppEnv> {
  const context = escapeHtml(hostContextText(config));
  const html = Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, pageIn(lang, context)]));
  return function reviewPage(c) {
    const lang = pickUiLanguage(c.req.query('lang'), c.req.header('Accept-Language'));
    return c.body(html[lang] ?? '', 200, { ...HEADERS, 'Content-Language': lang });
  };
}
