// Row: one find_writing_signals call end to end in-process, for the largest
// allowed text: parse the JSON body, dispatch (validate, scan, build the
// envelope), serialise the answer.
import { createWritingToolDispatcher } from '../../src/core/index';
import type { Language } from '../../src/core/catalogue/ids';
import { measureAsync, type Timing } from './measure';
import { ms, SKIPPED, type BenchContext, type Row } from './row';

const LIMIT_MS = 10;

/** Median and worst of 200 dispatches of a 250,000-unit text with maxSignals 500. */
export async function dispatchRows(context: BenchContext): Promise<Row[]> {
  const dispatcher = createWritingToolDispatcher();
  const timings: Partial<Record<Language, Timing>> = {};
  for (const language of ['en', 'de'] as const) {
    const prose = context.prose[language];
    if (!('text' in prose)) continue;
    const body = JSON.stringify({ name: 'find_writing_signals', arguments: { text: prose.text, language, maxSignals: 500 } });
    const check = await dispatcher.dispatch(JSON.parse(body));
    if (!check.ok) throw new Error(`dispatch failed: ${JSON.stringify(check)}`);
    timings[language] = await measureAsync(async () => JSON.stringify(await dispatcher.dispatch(JSON.parse(body))), {
      warmup: 30,
      runs: 200,
    });
  }
  const cell = (language: Language) => {
    const t = timings[language];
    return t ? `${ms(t.medianMs)} (worst ${ms(t.worstMs)})` : SKIPPED;
  };
  return [
    {
      measure: 'dispatch in-process, 250,000 units: median (worst)',
      en: cell('en'),
      de: cell('de'),
      target: `median < ${LIMIT_MS} ms`,
      met: Object.values(timings).every((t) => t.medianMs < LIMIT_MS),
    },
  ];
}
