// One cue, one signal: a rule's warning forms and its suggestion forms stand
// in two records, and where a form of each matches overlapping text ("It is
// worth noting" as a warning pair and as a suggestion phrase), only the
// warning is reported. Both scanners apply it to their sorted signals.

interface Leveled {
  readonly ruleId: string;
  readonly level: 'warning' | 'suggestion';
  readonly start: number;
  readonly end: number;
}

/**
 * `spans` (sorted by start, as compareSignals sorts) without each suggestion
 * that overlaps a warning of the same rule. Linear after the sort: one pass
 * keeps, per rule, the furthest end of the warnings begun so far, a second
 * the nearest start of the warnings still to come.
 */
export function withoutCoveredSuggestions<T extends Leveled>(spans: readonly T[]): T[] {
  if (!spans.some((s) => s.level === 'suggestion') || !spans.some((s) => s.level === 'warning')) return [...spans];
  const covered = new Array<boolean>(spans.length).fill(false);
  const furthestEnd = new Map<string, number>();
  for (const [i, span] of spans.entries()) {
    if (span.level === 'warning') furthestEnd.set(span.ruleId, Math.max(furthestEnd.get(span.ruleId) ?? 0, span.end));
    else if ((furthestEnd.get(span.ruleId) ?? -1) > span.start) covered[i] = true;
  }
  const nextStart = new Map<string, number>();
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i] as T;
    if (span.level === 'warning') nextStart.set(span.ruleId, span.start);
    else if ((nextStart.get(span.ruleId) ?? Number.POSITIVE_INFINITY) < span.end) covered[i] = true;
  }
  return spans.filter((_, i) => !covered[i]);
}

/** Whether some rule has records of both levels among `records`. */
export function hasBothLevels(records: readonly Pick<Leveled, 'ruleId' | 'level'>[]): boolean {
  const warned = new Set(records.filter((r) => r.level === 'warning').map((r) => r.ruleId));
  return records.some((r) => r.level === 'suggestion' && warned.has(r.ruleId));
}
