// Groups signals into highlight spans: overlapping signals (of different rules)
// merge into one span that lists them all, so no character is marked twice.
import type { WritingSignal } from '../../core/scanner/types';

/** One highlighted range [start, end) in UTF-16 units and the signals inside it. */
export interface HighlightSpan {
  readonly start: number;
  readonly end: number;
  readonly signals: readonly WritingSignal[];
}

/** Merged spans in text order; signals outside `textLength` are dropped. */
export function highlightSpans(signals: readonly WritingSignal[], textLength: number): HighlightSpan[] {
  const ordered = signals
    .filter((signal) => signal.start >= 0 && signal.start < signal.end && signal.end <= textLength)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const spans: { start: number; end: number; signals: WritingSignal[] }[] = [];
  for (const signal of ordered) {
    const last = spans.at(-1);
    if (last !== undefined && signal.start < last.end) {
      last.end = Math.max(last.end, signal.end);
      last.signals.push(signal);
    } else {
      spans.push({ start: signal.start, end: signal.end, signals: [signal] });
    }
  }
  return spans;
}
