// Row: one find_writing_signals call end to end in-process, for the largest
// allowed text: parse the JSON body, dispatch (validate, scan, build the
// envelope), serialise the answer.
import { createWritingToolDispatcher } from '../../src/core/index';
import type { Language } from '../../src/core/catalogue/ids';
import { denseText } from './adversarial';
import { measureAsync, type Timing } from './measure';
import { ms, SKIPPED, type BenchContext, type Row } from './row';

const LIMIT_MS = 10;

async function timeDispatch(text: string, language: Language): Promise<Timing> {
  const dispatcher = createWritingToolDispatcher();
  const body = JSON.stringify({ name: 'find_writing_signals', arguments: { text, language, maxSignals: 500 } });
  const check = await dispatcher.dispatch(JSON.parse(body));
  if (!check.ok) throw new Error(`dispatch failed: ${JSON.stringify(check)}`);
  return measureAsync(async () => JSON.stringify(await dispatcher.dispatch(JSON.parse(body))), { warmup: 30, runs: 200 });
}

function row(measure: string, timings: Partial<Record<Language, Timing>>): Row {
  const cell = (language: Language) => {
    const t = timings[language];
    return t ? `${ms(t.medianMs)} (worst ${ms(t.worstMs)})` : SKIPPED;
  };
  return {
    measure,
    en: cell('en'),
    de: cell('de'),
    target: `median < ${LIMIT_MS} ms`,
    met: Object.values(timings).every((t) => t.medianMs < LIMIT_MS),
  };
}

/**
 * Median and worst of 200 dispatches with maxSignals 500 of a 250,000-unit
 * text: the prose, and the language's phrases packed one after another (the
 * most signals a text can hold).
 */
export async function dispatchRows(context: BenchContext): Promise<Row[]> {
  const prose: Partial<Record<Language, Timing>> = {};
  const dense: Partial<Record<Language, Timing>> = {};
  for (const language of ['en', 'de'] as const) {
    const text = context.prose[language];
    if (!('text' in text)) continue;
    prose[language] = await timeDispatch(text.text, language);
    const phrases = context.records.filter((r) => r.language === language).flatMap((r) => r.phrases);
    dense[language] = await timeDispatch(denseText(phrases, text.text.length), language);
  }
  return [
    row('dispatch in-process, 250,000 units of prose: median (worst)', prose),
    row('dispatch in-process, 250,000 units of packed phrases: median (worst)', dense),
  ];
}
