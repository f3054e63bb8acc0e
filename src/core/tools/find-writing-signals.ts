// find_writing_signals: literal surface cues of the scannable rules in one
// text, with exact UTF-16 spans and honest coverage (CONTRACT section 6).
import { selectRules } from '../catalogue/select';
import type { WritingSignalsData } from '../types';
import { scanMarkup } from '../markup/index';
import { fields } from './fields';
import { defineTool } from './tool';

const NOTHING_SKIPPED = Object.freeze({ code: 0, markup: 0, url: 0, frontMatter: 0 });

export const findWritingSignals = defineTool({
  name: 'find_writing_signals',
  title: 'Checking the text for writing signals',
  description:
    'Scans a text for literal phrases that often mark a writing problem, for the rules that have scanner records ' +
    '(eight of the catalogue). Each signal gives the quote, UTF-16 start (inclusive) and end (exclusive) offsets, ' +
    'and a 1-based line and column. Every signal needs review; no signal does not mean good text. ' +
    'coverage lists the selected rules scanned and not scanned, and whether signals were cut at maxSignals. ' +
    "With format 'markdown' or 'html', code, markup and URLs are skipped; otherwise code, quotations and negations " +
    'are scanned like any other text.',
  fields: {
    text: fields.text,
    language: fields.language,
    profile: fields.profile,
    ruleIds: fields.ruleIds,
    maxSignals: fields.maxSignals,
    format: fields.format,
  },
  run(args, { catalogue }) {
    const selection = selectRules(catalogue, args);
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const { text, language, maxSignals, format } = args;
    const scannable = catalogue.scannable.get(language);
    const scannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) === true);
    const unscannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) !== true);
    // With `limit`, the scanner stops once the first limit + 1 signals are
    // certain: enough to keep maxSignals and to know whether more existed.
    const scan = (scanned: string, limit: number | undefined) =>
      scanned.length === 0 || scannedRuleIds.length === 0
        ? []
        : catalogue.scan({ text: scanned, language, ruleIds: scannedRuleIds, ...(limit === undefined ? {} : { limit }) });
    const coverage = { language, scannedRuleIds, unscannedRuleIds, semanticReviewRequired: true as const, maxSignals };
    let data: WritingSignalsData;
    if (format === 'markdown' || format === 'html') {
      const result = scanMarkup(text, format, maxSignals, scan);
      data = {
        catalogueVersion: catalogue.catalogueVersion,
        signals: result.signals,
        coverage: {
          ...coverage,
          truncated: result.truncated,
          format,
          notScannedUnits: result.notScannedUnits,
          suppressedSignals: result.suppressedSignals,
          directiveProblems: result.directiveProblems,
        },
      };
    } else {
      const found = scan(text, maxSignals);
      const truncated = found.length > maxSignals;
      data = {
        catalogueVersion: catalogue.catalogueVersion,
        signals: truncated ? found.slice(0, maxSignals) : found,
        // Only a call that names the format gets the format fields: without one, the answer is as it always was.
        coverage:
          format === undefined
            ? { ...coverage, truncated }
            : { ...coverage, truncated, format, notScannedUnits: NOTHING_SKIPPED, suppressedSignals: 0, directiveProblems: [] },
      };
    }
    return { ok: true, data };
  },
});
