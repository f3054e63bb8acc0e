// How a caller's value appears inside an error message: short, quoted and
// printable. Used for every value a caller or a host supplied: argument
// messages, the unknown-tool answer and evidence messages.

const MAX_ECHO_UNITS = 40;

/** Controls, invisible format characters, line and paragraph separators, lone surrogates. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The first `max` UTF-16 units of `value`, one unit less rather than half a surrogate pair. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}

/** `text` with every unprintable character written as `\\u{…}`, so a message shows what it holds and nothing moves the cursor. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}

/** A caller's value, short and printable, for a message. */
export function echo(value: unknown): string {
  if (typeof value === 'string') return `'${printable(cut(value, MAX_ECHO_UNITS))}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
