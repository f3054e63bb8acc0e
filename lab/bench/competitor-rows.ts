// Rows: write-good and alex (English prose linters from npm) on the same
// English text, as a multiple of the scanner's time.
import { createRequire } from 'node:module';
import { text as alexText } from 'alex';
import { compare } from './measure';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { ratio, type BenchContext, type Row } from './row';

const RUNS = 9;
const require = createRequire(import.meta.url);
const writeGood = require('write-good') as (text: string) => unknown[];

/** write-good ÷ scanner and alex ÷ scanner, English only (both lint English). */
export function competitorRows(context: BenchContext): Row[] {
  const prose = context.prose.en;
  if (!('text' in prose)) return [];
  const { text } = prose;
  const scan = createSignalScanner(context.records);
  const t = compare(
    {
      scanner: () => scan({ text, language: 'en', ruleIds: SCANNABLE_RULE_IDS }),
      writeGood: () => writeGood(text),
      alex: () => alexText(text),
    },
    { warmup: 2, runs: RUNS },
  );
  const english = 'n/a (English only)';
  return [
    {
      measure: `write-good ÷ scanner (median of ${RUNS})`,
      en: ratio(t.writeGood.medianMs / t.scanner.medianMs),
      de: english,
      target: '',
      met: null,
    },
    { measure: `alex ÷ scanner (median of ${RUNS})`, en: ratio(t.alex.medianMs / t.scanner.medianMs), de: english, target: '', met: null },
  ];
}
