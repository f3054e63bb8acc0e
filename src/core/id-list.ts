// The one check of a list of IDs supplied by a host: each a plain line within
// its bound, none repeated. The dispatcher's host check and the Worker's
// MODEL_IDS / COHORT_IDS parsing both use it, so they refuse the same lists.
import { echo } from './echo';
import { plainLineProblem } from './plain-line';

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
