// Rows: the scanner against the floor and the straightforward design on
// 250,000 units of real prose per language, with the signals of both compared.
import { isDeepStrictEqual } from 'node:util';
import { SCANNABLE_RULE_IDS, type Language } from '../../src/core/catalogue/ids';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { OPTIMISED_SOURCE_LIMIT } from '../../src/core/scanner/candidate-pattern';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { createFloorScan } from './baselines';
import { compare } from './measure';
import { ms, ratio, SKIPPED, type BenchContext, type Row } from './row';

const RUNS = Number(process.env.BENCH_SCANNER_RUNS ?? 60);

interface LanguageResult {
  scannerMs: number;
  floorRatio: number;
  /** The floor's regex source, in UTF-16 units. */
  floorSource: number;
  straightforwardRatio: number;
  /** Marking the paragraph breaks and list items (part of every scan) ÷ the whole scan. */
  markingShare: number;
  signals: number;
  same: boolean;
}

function measureLanguage(context: BenchContext, language: Language, text: string): LanguageResult {
  const scan = createSignalScanner(context.records);
  const ofLanguage = context.records.filter((r) => r.language === language);
  const floor = createFloorScan(ofLanguage);
  const request = { text, language, ruleIds: SCANNABLE_RULE_IDS };
  const t = compare(
    {
      scanner: () => scan(request),
      floor: () => floor(text),
      straightforward: () => referenceScan(context.records, request),
      // Used like the scanner uses it: the first regex over the copy pays for its new memory.
      marking: () => /\uFFFC\uFFFC\uFFFC/.test(markBlockBoundaries(text)),
    },
    { warmup: 10, runs: RUNS },
  );
  const signals = scan(request);
  return {
    scannerMs: t.scanner.medianMs,
    floorRatio: t.scanner.medianMs / t.floor.medianMs,
    floorSource: floor.sourceLength,
    straightforwardRatio: t.straightforward.medianMs / t.scanner.medianMs,
    markingShare: t.marking.medianMs / t.scanner.medianMs,
    signals: signals.length,
    same: isDeepStrictEqual(signals, referenceScan(context.records, request)),
  };
}

// A floor whose source V8 does not optimise is no floor: the cell says so.
function floorCell(result: LanguageResult): string {
  if (result.floorSource <= OPTIMISED_SOURCE_LIMIT) return ratio(result.floorRatio);
  const kib = (result.floorSource / 1024).toFixed(1);
  return `${ratio(result.floorRatio)} (floor's source ${kib} KiB, over the 20 KiB V8 optimises: it runs unoptimised)`;
}

/** Scanner median, scanner ÷ floor, straightforward ÷ scanner, signal equality. */
export function scannerRows(context: BenchContext): Row[] {
  const results: Partial<Record<Language, LanguageResult>> = {};
  for (const language of ['en', 'de'] as const) {
    const prose = context.prose[language];
    if ('text' in prose) results[language] = measureLanguage(context, language, prose.text);
  }
  const cell = (language: Language, show: (r: LanguageResult) => string) => {
    const result = results[language];
    return result ? show(result) : SKIPPED;
  };
  const measured = Object.values(results);
  return [
    {
      measure: `scanner, median of ${RUNS} runs`,
      en: cell('en', (r) => ms(r.scannerMs)),
      de: cell('de', (r) => ms(r.scannerMs)),
      target: '',
      met: null,
    },
    {
      measure: 'scanner ÷ floor of the literal phrases (one \\b alternation, gi; pairs left out)',
      en: cell('en', floorCell),
      de: cell('de', floorCell),
      target: '≤ 2×',
      met: measured.every((r) => r.floorRatio <= 2),
    },
    {
      measure: 'straightforward (regex per record) ÷ scanner',
      en: cell('en', (r) => ratio(r.straightforwardRatio)),
      de: cell('de', (r) => ratio(r.straightforwardRatio)),
      target: '≥ 5×',
      met: measured.every((r) => r.straightforwardRatio >= 5),
    },
    {
      measure: 'of which the marked copy of the text (block-boundaries.ts, paragraph breaks and list item starts) ÷ scanner',
      en: cell('en', (r) => ratio(r.markingShare)),
      de: cell('de', (r) => ratio(r.markingShare)),
      target: '',
      met: null,
    },
    {
      measure: 'signals: scanner equals straightforward',
      en: cell('en', (r) => `${r.same ? 'equal' : 'DIFFERENT'}, ${r.signals}`),
      de: cell('de', (r) => `${r.same ? 'equal' : 'DIFFERENT'}, ${r.signals}`),
      target: 'equal',
      met: measured.every((r) => r.same),
    },
  ];
}
