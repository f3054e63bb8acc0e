// Fills the page template's `data-t` elements with their messages at build
// time, so the Worker serves the page already written in the chosen language,
// and puts the rest of that language's table into the page as JSON: the
// script reads its table from both, so no message travels twice.
import { escapeHtml } from './escape-html';
import { MESSAGES } from './messages';
import type { UiLanguage } from './ui-language';

// An element marked `data-t="key"` and written empty in the template: `<tag …data-t="key"…></tag>`.
const MARKED = /<([a-z][a-z0-9]*)\b([^>]*?)\sdata-t="([^"]*)"([^>]*)><\/\1>/g;

const TABLE_SLOT = '<!--ui-messages-->';

/**
 * `template` with each marked element's text set to its message in `language`
 * and the messages no element shows as JSON in place of <!--ui-messages-->;
 * throws on an unknown key, a marked element that is not empty, or a missing slot.
 * `mark` wraps each inserted text (the build marks them to keep one copy of
 * what both languages share).
 */
export function fillMessages(template: string, language: UiLanguage, mark: (text: string) => string = (text) => text): string {
  const table: Readonly<Record<string, string>> = MESSAGES[language];
  let filled = 0;
  const shown = new Set<string>();
  const html = template.replace(MARKED, (_whole, tag: string, before: string, key: string, after: string) => {
    const text = table[key];
    if (text === undefined) throw new Error(`data-t="${key}" names no message`);
    filled += 1;
    shown.add(key);
    return `<${tag}${before} data-t="${key}"${after}>${mark(escapeHtml(text))}</${tag}>`;
  });
  const marked = template.match(/\sdata-t="/g)?.length ?? 0;
  if (filled !== marked) throw new Error(`${marked - filled} data-t element(s) are not written empty as <tag data-t="key"></tag>`);
  const parts = html.split(TABLE_SLOT);
  if (parts.length !== 2) throw new Error(`the page template must hold ${TABLE_SLOT} exactly once`);
  // In a <script type="application/json"> only `</script` and `<!--` could end the data early; no `<` means neither.
  const rest = Object.fromEntries(Object.entries(table).filter(([key]) => !shown.has(key)));
  return parts.join(mark(JSON.stringify(rest).replaceAll('<', '\\u003c')));
}
