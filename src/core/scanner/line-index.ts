// Turns UTF-16 offsets into 1-based line and column for signals. A line ends at
// \n, \r\n or \r (as in the Language Server Protocol); U+2028 and U+2029 do not
// end a line. Columns count UTF-16 code units.

const LINE_BREAK = /\r\n?|\n/g;

/** Finds line and column of offsets in one text; line starts are computed once. */
export interface LineIndex {
  locate(offset: number): { line: number; column: number };
}

/** The offset of every line start in `text`, ascending; the first is 0. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  if (text.includes('\r')) {
    for (const match of text.matchAll(LINE_BREAK)) starts.push(match.index + match[0].length);
  } else {
    // The common case, about four times faster than the regex.
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  }
  return starts;
}

/** Builds the line index of `text` lazily, on the first call to `locate`. */
export function createLineIndex(text: string): LineIndex {
  let starts: number[] | undefined;
  return {
    locate(offset) {
      starts ??= lineStartsOf(text);
      return lineIndexOfStarts(starts).locate(offset);
    },
  };
}

/**
 * The index of the last of `sorted` (ascending) that is at most `value`, or -1
 * when none is: a binary search, so lookups in long texts stay logarithmic.
 */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let low = -1;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((sorted[mid] as number) <= value) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Line and column of offsets from known line starts (the first is 0): what
 * createLineIndex answers, for a caller that has found the starts already.
 */
export function lineIndexOfStarts(starts: readonly number[]): LineIndex {
  return {
    locate(offset) {
      const line = lastAtOrBefore(starts, offset);
      return { line: line + 1, column: offset - (starts[line] as number) + 1 };
    },
  };
}
