// How a caller's value appears inside an error message: short, quoted and
// printable. Used for every value a caller or a host supplied: argument
// messages, the unknown-tool answer and evidence messages.

const MAX_ECHO_UNITS = 40;

/** A caller's value, short and printable, for a message. */
export function echo(value: unknown): string {
  if (typeof value === 'string') {
    const cut = value.length > MAX_ECHO_UNITS ? `${value.slice(0, MAX_ECHO_UNITS)}…` : value;
    return `'${cut.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)}'`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
