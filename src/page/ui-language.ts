// The interface languages of the review page and which one the Worker serves:
// `?lang=` when it names one, else the first supported language of
// Accept-Language by weight, else English. The person can switch on the page.

/** The languages of the page's interface, independent of the checked text's language. */
export const UI_LANGUAGES = ['en', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const DEFAULT: UiLanguage = 'en';

/** Whether `value` is one of the interface languages. */
export function isUiLanguage(value: unknown): value is UiLanguage {
  return (UI_LANGUAGES as readonly unknown[]).includes(value);
}

/** `template` with each `{name}` replaced by `params[name]`; unknown names stay as written. */
export function fillPlaceholders(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The primary subtag of a language tag, lower-cased (`de-AT` → `de`). */
const primary = (tag: string) => tag.trim().toLowerCase().split('-')[0] ?? '';

/** The languages of an Accept-Language header, highest weight first; weight 0 and malformed weights are left out. */
function acceptedLanguages(header: string): string[] {
  const ranges = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.split(';');
    const q = params.map((param) => param.trim().match(/^q=([01](?:\.\d{0,3})?)$/i)).find((match) => match !== null);
    const weight = params.length === 0 ? 1 : q ? Number(q[1]) : 0;
    return { language: primary(tag), weight, index };
  });
  return ranges
    .filter((range) => range.weight > 0 && range.language !== '')
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((range) => range.language);
}

/** The interface language for a request's `lang` query value and Accept-Language header. */
export function pickUiLanguage(query: string | undefined, acceptLanguage: string | undefined): UiLanguage {
  const asked = query === undefined ? undefined : primary(query);
  if (isUiLanguage(asked)) return asked;
  return acceptedLanguages(acceptLanguage ?? '').find(isUiLanguage) ?? DEFAULT;
}
