// find_writing_signals: literal surface cues of the scannable rules in one
// text, with exact UTF-16 spans and honest coverage (see
// docs/api-reference.md#find_writing_signals).
import * as z from 'zod';
import { LANGUAGES, RULE_IDS } from '../catalogue/ids';
import { selectRules } from '../catalogue/select';
import type { Frozen } from '../freeze';
import { writingSignalSchema } from '../scanner/types';
import { fields, MAX_SIGNALS } from './fields';
import { defineTool } from './tool';

const ruleIdList = z.array(z.enum(RULE_IDS));

const signalCoverageSchema = z.strictObject({
  language: z.enum(LANGUAGES),
  scannedRuleIds: ruleIdList.meta({ description: 'Selected rules that have a scanner record in the language.' }),
  unscannedRuleIds: ruleIdList.meta({ description: 'Selected rules without one: only a reviewer can judge them.' }),
  semanticReviewRequired: z.literal(true),
  maxSignals: z.number().int().min(1).max(MAX_SIGNALS),
  truncated: z.boolean().meta({ description: 'True when more than maxSignals signals existed.' }),
});

/** The signals in text order (start, then end, then rule) and what the scan covered. */
export const findWritingSignalsResultSchema = z.strictObject({
  catalogueVersion: z.string(),
  signals: z.array(writingSignalSchema),
  coverage: signalCoverageSchema,
});

export type FindWritingSignalsResult = Frozen<z.output<typeof findWritingSignalsResultSchema>>;
export type SignalCoverage = Frozen<z.output<typeof signalCoverageSchema>>;

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
  result: findWritingSignalsResultSchema,
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
    const data: FindWritingSignalsResult = {
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
