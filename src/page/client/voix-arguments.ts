// Turns the arguments of a VOIX call into dispatcher arguments. VOIX props
// have no array type, so an ID list arrives as one comma-separated string;
// this splits it, trims each item and refuses empty items instead of dropping them.
import { t } from './i18n';

/** The converted arguments, or why they cannot be converted. */
export type ConvertedArguments =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly message: string };

/** The argument names whose string form is a comma-separated list. */
export const LIST_ARGUMENTS: readonly string[] = ['ruleIds'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Converts `detail` (the call event's detail); a missing detail is an empty argument object. */
export function toDispatchArguments(detail: unknown): ConvertedArguments {
  if (detail === undefined || detail === null) return { ok: true, value: {} };
  if (!isPlainObject(detail)) return { ok: false, message: t('error.not-object') };
  const value: Record<string, unknown> = { ...detail };
  for (const name of LIST_ARGUMENTS) {
    const raw = value[name];
    if (typeof raw !== 'string') continue;
    const items = raw.split(',').map((item) => item.trim());
    const empty = items.indexOf('');
    if (empty !== -1) {
      return { ok: false, message: t('error.empty-item', { name, item: empty + 1, count: items.length }) };
    }
    value[name] = items;
  }
  return { ok: true, value };
}
