// Rows: one find_writing_signals call end to end in-process, for the largest
// allowed text: parse the JSON body, dispatch (validate, scan, build the
// envelope), serialise the answer; and what the dispatch adds to the scan it
// runs, as a ratio measured side by side.
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { SCANNABLE_RULE_IDS, type Language } from '../../src/core/catalogue/ids';
import { createCatalogueView } from '../../src/core/catalogue/view';
import { createDispatcher } from '../../src/core/dispatch/dispatcher';
import { createWritingToolDispatcher } from '../../src/core/index';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { denseText } from '../../test/support/adversarial';
import { compareAsync, measureAsync, type Timing } from './measure';
import { ms, ratio, SKIPPED, type BenchContext, type Row } from './row';

// Real prose should leave most of the Workers free plan's 10 ms of CPU to the rest
// of a request; packed phrases, the most signals a text can hold, should fit in it.
const PROSE_LIMIT_MS = 5;
const DENSE_LIMIT_MS = 10;
const MAX_SIGNALS = 500;

async function timeDispatch(text: string, language: Language): Promise<Timing> {
  const dispatcher = createWritingToolDispatcher();
  const body = JSON.stringify({ name: 'find_writing_signals', arguments: { text, language, maxSignals: MAX_SIGNALS } });
  const check = await dispatcher.dispatch(JSON.parse(body));
  if (!check.ok) throw new Error(`dispatch failed: ${JSON.stringify(check)}`);
  return measureAsync(async () => JSON.stringify(await dispatcher.dispatch(JSON.parse(body))), { warmup: 30, runs: 200 });
}

function row(measure: string, timings: Partial<Record<Language, Timing>>, limitMs: number): Row {
  const cell = (language: Language) => {
    const t = timings[language];
    return t ? `${ms(t.medianMs)} (worst ${ms(t.worstMs)})` : SKIPPED;
  };
  return {
    measure,
    en: cell('en'),
    de: cell('de'),
    target: `median ≤ ${limitMs} ms`,
    met: Object.values(timings).every((t) => t.medianMs <= limitMs),
  };
}

/**
 * The dispatch of `text` (maxSignals 500) against the scan it runs: the same
 * scanner, text, rules and limit, so the difference is validation, selection,
 * the envelope and freezing. Median ratio, and the median difference in ms.
 */
async function dispatchOverScan(text: string, language: Language): Promise<string> {
  const view = createCatalogueView(catalogue, createSignalScanner);
  const dispatcher = createDispatcher(view);
  const call = { name: 'find_writing_signals', arguments: { text, language, maxSignals: MAX_SIGNALS } } as const;
  const request = { text, language, ruleIds: [...SCANNABLE_RULE_IDS], limit: MAX_SIGNALS };
  const timings = await compareAsync(
    { scan: () => view.scan(request), dispatch: () => dispatcher.dispatch(call) },
    { warmup: 20, runs: 100 },
  );
  const difference = timings.dispatch.medianMs - timings.scan.medianMs;
  return `${ratio(timings.dispatch.medianMs / timings.scan.medianMs)} (${difference < 0 ? '−' : '+'}${ms(Math.abs(difference))})`;
}

/**
 * Median and worst of 200 dispatches with maxSignals 500 of a 250,000-unit
 * text: the prose, and the language's phrases packed one after another (the
 * most signals a text can hold).
 */
export async function dispatchRows(context: BenchContext): Promise<Row[]> {
  const prose: Partial<Record<Language, Timing>> = {};
  const dense: Partial<Record<Language, Timing>> = {};
  const overhead: Record<Language, string> = { en: SKIPPED, de: SKIPPED };
  for (const language of ['en', 'de'] as const) {
    const text = context.prose[language];
    if (!('text' in text)) continue;
    prose[language] = await timeDispatch(text.text, language);
    overhead[language] = await dispatchOverScan(text.text, language);
    const phrases = context.records.filter((r) => r.language === language).flatMap((r) => r.phrases);
    dense[language] = await timeDispatch(denseText(phrases, text.text.length), language);
  }
  return [
    row('dispatch in-process, 250,000 units of prose: median (worst)', prose, PROSE_LIMIT_MS),
    row('dispatch in-process, 250,000 units of packed phrases: median (worst)', dense, DENSE_LIMIT_MS),
    {
      measure: 'dispatch ÷ the scan it runs (same text, rules and limit), prose: median (difference)',
      ...overhead,
      target: '',
      met: null,
    },
  ];
}
