// The plain-line rule for words a person reads verbatim (tool titles, labels),
// its multi-line variant for host texts, and the check of ID lists a host
// supplies. Asked by the descriptor test, the host check of the dispatcher,
// the Worker's config and the review page.
import { echo } from './echo';

/** Controls, invisible format characters (bidi overrides, zero-width), line and paragraph separators. */
const NOT_PLAIN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** The same, except the line breaks `\n` and `\r`. */
const NOT_PLAIN_TEXT = /(?![\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The longest title a person reads, in UTF-16 units. */
export const MAX_TITLE_UNITS = 60;

function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function textProblem(label: string, value: unknown, maxUnits: number, forbidden: RegExp): string | undefined {
  if (typeof value !== 'string') return `${label} must be a string`;
  if (value.trim().length === 0) return `${label} must be 1 to ${maxUnits} UTF-16 units, not empty or white space only`;
  const bad = forbidden.exec(value);
  if (bad !== null) {
    return `${label} must not contain ${codePointName(bad[0])} (a control or invisible format character) at offset ${bad.index}`;
  }
  if (value.length > maxUnits) {
    return `${label} must be at most ${maxUnits} UTF-16 units (got ${value.length})`;
  }
  return undefined;
}

/**
 * Why `value` is not one plain line of at most `maxUnits` UTF-16 units, or
 * `undefined` when it is. Characters are judged before the length; `label`
 * names the field in the message.
 */
export function plainLineProblem(label: string, value: unknown, maxUnits = MAX_TITLE_UNITS): string | undefined {
  return textProblem(label, value, maxUnits, NOT_PLAIN);
}

/** True when `value` is one plain line of at most `maxUnits` UTF-16 units. */
export function isPlainLine(value: unknown, maxUnits = MAX_TITLE_UNITS): value is string {
  return plainLineProblem('value', value, maxUnits) === undefined;
}

/**
 * Like {@link plainLineProblem}, but line breaks (`\n`, `\r`) are allowed:
 * the rule for host texts such as a review's audience and goal.
 */
export function plainTextProblem(label: string, value: unknown, maxUnits: number): string | undefined {
  return textProblem(label, value, maxUnits, NOT_PLAIN_TEXT);
}

// The one check of a list of IDs supplied by a host: each a plain line within
// its bound, none repeated. The dispatcher's host check and the Worker's
// MODEL_IDS / COHORT_IDS parsing both use it, so they refuse the same lists.

/** How an ID list's problems are named, and an optional extra check per item. */
export interface IdListLabels {
  /** The list, e.g. `host.modelComparisonContext.cohortIds` or `COHORT_IDS`. */
  readonly list: string;
  /** One item, by its 0-based index. */
  readonly item: (index: number) => string;
  readonly itemProblem?: (id: string, label: string) => string | undefined;
}

/** The first problem of `ids`, or undefined when every ID is a plain line within `maxUnits` and none repeats. */
export function idListProblem(ids: readonly string[], maxUnits: number, labels: IdListLabels): string | undefined {
  const seen = new Set<string>();
  for (const [index, id] of ids.entries()) {
    const label = labels.item(index);
    const problem = plainLineProblem(label, id, maxUnits) ?? labels.itemProblem?.(id, label);
    if (problem !== undefined) return problem;
    if (seen.has(id)) return `${labels.list} must not repeat ${echo(id)}`;
    seen.add(id);
  }
  return undefined;
}
