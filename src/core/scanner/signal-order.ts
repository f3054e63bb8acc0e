// The order signals are reported in (docs/api-reference.md#signal-order): by start, then end,
// then rule ID, then pattern ID, comparing IDs by UTF-16 code units.

interface Ordered {
  readonly start: number;
  readonly end: number;
  readonly ruleId: string;
  readonly patternId: string;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Comparator for `Array.prototype.sort` over signals. */
export function compareSignals(a: Ordered, b: Ordered): number {
  return a.start - b.start || a.end - b.end || compareText(a.ruleId, b.ruleId) || compareText(a.patternId, b.patternId);
}
