// The error class for exit code 2 before any file is checked: a bad option,
// a bad config file or settings the library refuses. Its message is shown as is.

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A value as it appears inside a message: quoted, short, one line. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const short = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return JSON.stringify(short);
}
