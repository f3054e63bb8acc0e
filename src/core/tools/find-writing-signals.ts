// find_writing_signals: literal surface cues of the scannable rules in one
// text, with exact UTF-16 spans and honest coverage (CONTRACT section 6).
import { selectRules } from '../catalogue/select';
import type { WritingSignalsData } from '../types';
import { fields } from './fields';
import { defineTool } from './tool';

export const findWritingSignals = defineTool({
  name: 'find_writing_signals',
  title: 'Checking the text for writing signals',
  description:
    'Scans a text for literal phrases that often mark a writing problem, for the rules that have scanner records ' +
    '(eight of the catalogue). Each signal gives the quote, UTF-16 start (inclusive) and end (exclusive) offsets, ' +
    'and a 1-based line and column. Every signal needs review; no signal does not mean good text. ' +
    'coverage lists the selected rules scanned and not scanned, and whether signals were cut at maxSignals. ' +
    'Code, quotations and negations are scanned like any other text.',
  fields: {
    text: fields.text,
    language: fields.language,
    profile: fields.profile,
    ruleIds: fields.ruleIds,
    maxSignals: fields.maxSignals,
  },
  run(args, { catalogue }) {
    const selection = selectRules(catalogue, args);
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const { text, language, maxSignals } = args;
    const scannable = catalogue.scannable.get(language);
    const scannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) === true);
    const unscannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) !== true);
    // With `limit`, the scanner stops once the first maxSignals + 1 signals are
    // certain: enough to keep maxSignals and to know whether more existed.
    const request = { text, language, ruleIds: scannedRuleIds, limit: maxSignals };
    const found = text.length === 0 || scannedRuleIds.length === 0 ? [] : catalogue.scan(request);
    const data: WritingSignalsData = {
      catalogueVersion: catalogue.catalogueVersion,
      signals: found.length > maxSignals ? found.slice(0, maxSignals) : found,
      coverage: {
        language,
        scannedRuleIds,
        unscannedRuleIds,
        semanticReviewRequired: true,
        maxSignals,
        truncated: found.length > maxSignals,
      },
    };
    return { ok: true, data };
  },
});
