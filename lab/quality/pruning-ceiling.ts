// How far dropping whole forms from the lists could raise strict precision,
// measured on the judged lines themselves. A form is the text a signal
// matched, lower-cased ("powerful", "the fastest"). Used by
// `npm run measure:precision -- --pruning-ceiling`.
//
// The search fits the test lines on purpose: it drops, one at a time, the
// form whose removal raises the language's weighted share most, judging each
// form by its own judged lines, as long as the labelled set keeps its recall.
// What it reaches is an upper bound for list pruning, not a figure fresh
// text would confirm: a form judged false on its few lines may be right on
// the next ones.

/** One form of one record on the corpus: its signals and, among the counted lines, how many were judged and found right. */
export interface FormCount {
  readonly record: string;
  readonly form: string;
  readonly signals: number;
  readonly judged: number;
  readonly agreed: number;
}

/** The weighted share of the signals a reviewer would want, and how many signals it covers. */
export interface PrecisionEstimate {
  readonly precision: number;
  readonly signals: number;
}

export interface PruningStep extends PrecisionEstimate {
  readonly dropped: FormCount;
  readonly recall: number;
}

export interface PruningCeiling {
  readonly start: PrecisionEstimate & { readonly recall: number };
  readonly steps: readonly PruningStep[];
}

export const formKey = (record: string, form: string) => `${record}|${form}`;

/** The form of a matched text: lower case, the typographic apostrophe as a straight one. */
export const formOf = (quote: string) => quote.toLowerCase().replace(/’/g, "'").replace(/\s+/g, ' ');

/**
 * The share of all kept signals a reviewer would want to look at, as
 * `measure:precision` weighs it: each record's judged lines stand for its
 * kept signals. A record with no judged line left is not covered.
 */
export function weightedPrecision(forms: readonly FormCount[], dropped: ReadonlySet<string>): PrecisionEstimate {
  const records = new Map<string, { signals: number; judged: number; agreed: number }>();
  for (const f of forms) {
    if (dropped.has(formKey(f.record, f.form))) continue;
    const r = records.get(f.record) ?? { signals: 0, judged: 0, agreed: 0 };
    r.signals += f.signals;
    r.judged += f.judged;
    r.agreed += f.agreed;
    records.set(f.record, r);
  }
  let signals = 0;
  let right = 0;
  for (const r of records.values()) {
    if (r.judged === 0) continue;
    signals += r.signals;
    right += (r.signals * r.agreed) / r.judged;
  }
  return { precision: signals === 0 ? Number.NaN : right / signals, signals };
}

/**
 * Greedy pruning: drop, one at a time, the form judged on at least
 * `minJudged` lines whose removal raises the weighted share most, as long as
 * `recallWithout` (the labelled set's recall without the dropped forms)
 * stays at or above `minRecall`; stop when no such form raises the share.
 */
export function pruningCeiling(
  forms: readonly FormCount[],
  recallWithout: (dropped: ReadonlySet<string>) => number,
  { minJudged, minRecall }: { minJudged: number; minRecall: number },
): PruningCeiling {
  const dropped = new Set<string>();
  const start = { ...weightedPrecision(forms, dropped), recall: recallWithout(dropped) };
  const steps: PruningStep[] = [];
  let current = start.precision;
  for (;;) {
    let best: PruningStep | undefined;
    for (const form of forms) {
      const key = formKey(form.record, form.form);
      if (form.judged < minJudged || dropped.has(key)) continue;
      dropped.add(key);
      const estimate = weightedPrecision(forms, dropped);
      if (estimate.precision > (best?.precision ?? current) + 1e-12) {
        const recall = recallWithout(dropped);
        if (recall >= minRecall) best = { ...estimate, dropped: form, recall };
      }
      dropped.delete(key);
    }
    if (!best) return { start, steps };
    dropped.add(formKey(best.dropped.record, best.dropped.form));
    steps.push(best);
    current = best.precision;
  }
}
