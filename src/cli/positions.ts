// Positions the output formats need beyond a signal's start line and column:
// where it ends (a quote can run across lines, since a space in a phrase
// matches any white space) and columns counted in UTF-8 bytes (rdjson).
// Lines end at \n, \r\n or \r, as the scanner counts them.
import type { WritingSignal } from '../core/index';

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Line and column (UTF-16, 1-based) just after the signal's last unit: exclusive. */
export function endPosition(signal: WritingSignal): Position {
  const breaks = [...signal.quote.matchAll(/\r\n?|\n/g)];
  const last = breaks.at(-1);
  if (last === undefined) return { line: signal.line, column: signal.column + signal.quote.length };
  return { line: signal.line + breaks.length, column: signal.quote.length - (last.index + last[0].length) + 1 };
}

/** The 1-based UTF-8 byte column of a UTF-16 `offset` whose UTF-16 column is `column`. */
export function utf8Column(text: string, offset: number, column: number): number {
  return Buffer.byteLength(text.slice(offset - column + 1, offset), 'utf8') + 1;
}
