// The interface language of the running page. The Worker serves the page
// written in one language: its `data-t` elements hold their messages and
// #ui-messages holds the others as JSON. Switching reads the other table the
// same way from the page served in the other language (a same-origin
// GET /?lang=), then redraws every `data-t` element and `<html lang>`.
import type { MessageKey, MessageTable } from '../messages';
import { fillPlaceholders, isUiLanguage, type UiLanguage } from '../ui-language';

const TABLE_ID = 'ui-messages';
const tables = new Map<UiLanguage, MessageTable>();
let current: UiLanguage = 'en';

/** The interface language now shown. */
export function uiLanguage(): UiLanguage {
  return current;
}

/** Whether `key` names a message of the current table. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(tables.get(current) ?? {}, key);
}

/** The message `key` in the interface language, with its `{name}` values filled in; the key itself if no table holds it. */
export function t(key: MessageKey, params: Readonly<Record<string, string | number>> = {}): string {
  return fillPlaceholders(tables.get(current)?.[key] ?? key, params);
}

/** The singular or plural form of a `.one` / `.other` message pair, with `{count}`. */
export function tCount(base: 'signals.count' | 'signals.passages' | 'status.done', count: number): string {
  return t(`${base}.${count === 1 ? 'one' : 'other'}`, { count });
}

/** Makes `table` the messages of `language` (the page's own table at start; tests in Node). */
export function installMessages(language: UiLanguage, table: MessageTable): void {
  tables.set(language, table);
}

/** The whole table of a page as served: the JSON block and the text of each `data-t` element. */
function tableIn(doc: Document): MessageTable {
  const shown = [...doc.querySelectorAll<HTMLElement>('[data-t]')].map((element) => [element.dataset.t, element.textContent]);
  return { ...(JSON.parse(doc.getElementById(TABLE_ID)?.textContent ?? '') as object), ...Object.fromEntries(shown) } as MessageTable;
}

/** Starts in the language the page was served in (`<html lang>`) with the table it carries; call before anything is redrawn. */
export function startUiLanguage(): UiLanguage {
  const served = document.documentElement.lang;
  current = isUiLanguage(served) ? served : 'en';
  installMessages(current, tableIn(document));
  return current;
}

/** Switches to `language`: fetches its table once, then redraws `<html lang>` and every `data-t` element. Throws when the table cannot be read. */
export async function switchUiLanguage(language: UiLanguage): Promise<void> {
  if (!tables.has(language)) {
    const response = await fetch(`/?lang=${language}`, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    installMessages(language, tableIn(new DOMParser().parseFromString(await response.text(), 'text/html')));
  }
  current = language;
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll<HTMLElement>('[data-t]')) element.textContent = t(element.dataset.t as MessageKey);
}
