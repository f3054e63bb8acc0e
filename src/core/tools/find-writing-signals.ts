// find_writing_signals: literal surface cues of the scannable rules in one
// text, with exact UTF-16 spans and honest coverage (see
// docs/api-reference.md#find_writing_signals).
import * as z from 'zod';
import { LANGUAGES, RULE_IDS, SIGNAL_LEVELS, type SignalLevel } from '../catalogue/ids';
import { selectRules } from '../catalogue/select';
import type { Frozen } from '../dispatch/freeze';
import { MAX_DIRECTIVE_PROBLEMS } from '../markup/directives';
import { scanMarkup, TEXT_FORMATS } from '../markup/index';
import { writingSignalSchema } from '../scanner/types';
import { fields, MAX_SIGNALS } from './fields';
import { defineTool } from './tool';

// The result schema and its parts, built when first read (tool.ts).
function resultSchemas() {
  const ruleIdList = z.array(z.enum(RULE_IDS));
  const unitCount = z.number().int().min(0);

  const notScannedUnitsSchema = z.strictObject({
    code: unitCount.meta({ description: 'Code blocks and spans; script, style, pre, code, kbd, samp, var and template contents.' }),
    markup: unitCount.meta({ description: 'Markers, tags and attributes, comments, link reference definitions and titles, table pipes.' }),
    url: unitCount.meta({ description: 'Autolinks, bare URLs and link destinations.' }),
    frontMatter: unitCount.meta({ description: 'YAML or TOML front matter.' }),
  });

  const signalCoverageSchema = z.strictObject({
    language: z.enum(LANGUAGES),
    scannedRuleIds: ruleIdList.meta({ description: 'Selected rules that have a scanner record in the language.' }),
    unscannedRuleIds: ruleIdList.meta({ description: 'Selected rules without one: only a reviewer can judge them.' }),
    semanticReviewRequired: z.literal(true),
    maxSignals: z.number().int().min(1).max(MAX_SIGNALS),
    truncated: z.boolean().meta({ description: 'True when more than maxSignals signals existed.' }),
    signalsByLevel: z
      .strictObject({ warning: unitCount, suggestion: unitCount })
      .meta({ description: 'How many of the returned signals each level gave; a level below minLevel is not scanned and gives 0.' }),
    // The four fields below are present only when the call names a format, so a
    // call without one answers exactly as before the format argument existed.
    format: z.enum(TEXT_FORMATS).optional().meta({ description: 'How the text was read; present only when the call named a format.' }),
    notScannedUnits: notScannedUnitsSchema.optional().meta({ description: 'UTF-16 units not scanned, by reason; all zero for text.' }),
    suppressedSignals: unitCount.optional().meta({ description: 'Signals switched off by ignore directives.' }),
    directiveProblems: z
      .array(z.strictObject({ line: z.number().int().min(1), message: z.string() }))
      .optional()
      .meta({
        description: `Directives that could not be read fully (an unknown rule ID, say), with the line of their comment; the first ${MAX_DIRECTIVE_PROBLEMS}.`,
      }),
    omittedDirectiveProblems: unitCount.optional().meta({
      description: `Directive problems found beyond the ${MAX_DIRECTIVE_PROBLEMS} listed; present only when the call named a format.`,
    }),
  });

  /** The signals in text order (start, then end, then rule) and what the scan covered. */
  const findWritingSignalsResultSchema = z.strictObject({
    catalogueVersion: z.string(),
    signals: z.array(writingSignalSchema()),
    coverage: signalCoverageSchema,
  });

  return { findWritingSignalsResultSchema, signalCoverageSchema };
}
type ResultSchemas = ReturnType<typeof resultSchemas>;

export type FindWritingSignalsResult = Frozen<z.output<ResultSchemas['findWritingSignalsResultSchema']>>;
export type SignalCoverage = Frozen<z.output<ResultSchemas['signalCoverageSchema']>>;

/** How many of `signals` each level gave, every level listed. */
function countByLevel(signals: readonly { readonly level: SignalLevel }[]): Record<SignalLevel, number> {
  const counts = Object.fromEntries(SIGNAL_LEVELS.map((level) => [level, 0])) as Record<SignalLevel, number>;
  for (const { level } of signals) counts[level] += 1;
  return counts;
}

const NOTHING_SKIPPED = Object.freeze({ code: 0, markup: 0, url: 0, frontMatter: 0 });

export const findWritingSignals = defineTool({
  name: 'find_writing_signals',
  title: 'Checking the text for writing signals',
  description:
    'Scans a text for literal phrases that often mark a writing problem, for the rules that have scanner records ' +
    '(eight of the catalogue). Each signal gives the quote, UTF-16 start (inclusive) and end (exclusive) offsets, ' +
    'and a 1-based line and column. Every signal needs review; no signal does not mean good text. ' +
    "Each signal has a level: 'warning' (worth a look nearly every time) or 'suggestion' (common and often fine); " +
    'minLevel leaves out the lower level. ' +
    'coverage lists the selected rules scanned and not scanned, whether signals were cut at maxSignals, and how many signals each level gave. ' +
    "With format 'markdown' or 'html', code, markup and URLs are skipped; otherwise code, quotations and negations " +
    'are scanned like any other text.',
  fields: {
    text: fields.text,
    language: fields.language,
    profile: fields.profile,
    ruleIds: fields.ruleIds,
    maxSignals: fields.maxSignals,
    format: fields.format,
    minLevel: fields.minLevel,
  },
  result: () => resultSchemas().findWritingSignalsResultSchema,
  run(args, { catalogue }) {
    const selection = selectRules(catalogue, args);
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const { text, language, maxSignals, format, minLevel } = args;
    const scannable = catalogue.scannable.get(language);
    const scannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) === true);
    const unscannedRuleIds = selection.ruleIds.filter((id) => scannable?.has(id) !== true);
    // With `limit`, the scanner stops once the first limit + 1 signals are
    // certain: enough to keep maxSignals and to know whether more existed.
    const scan = (scanned: string, limit: number | undefined) =>
      scanned.length === 0 || scannedRuleIds.length === 0
        ? []
        : catalogue.scan({
            text: scanned,
            language,
            ruleIds: scannedRuleIds,
            ...(minLevel === undefined ? {} : { minLevel }),
            ...(limit === undefined ? {} : { limit }),
          });
    const coverage = { language, scannedRuleIds, unscannedRuleIds, semanticReviewRequired: true as const, maxSignals };
    let data: FindWritingSignalsResult;
    if (format === 'markdown' || format === 'html') {
      const result = scanMarkup(text, format, maxSignals, scan);
      data = {
        catalogueVersion: catalogue.catalogueVersion,
        signals: result.signals,
        coverage: {
          ...coverage,
          truncated: result.truncated,
          signalsByLevel: countByLevel(result.signals),
          format,
          notScannedUnits: result.notScannedUnits,
          suppressedSignals: result.suppressedSignals,
          directiveProblems: result.directiveProblems,
          omittedDirectiveProblems: result.omittedDirectiveProblems,
        },
      };
    } else {
      const found = scan(text, maxSignals);
      const truncated = found.length > maxSignals;
      const signals = truncated ? found.slice(0, maxSignals) : found;
      const signalsByLevel = countByLevel(signals);
      data = {
        catalogueVersion: catalogue.catalogueVersion,
        signals,
        // Only a call that names the format gets the format fields: without one, the answer is as it always was.
        coverage:
          format === undefined
            ? { ...coverage, truncated, signalsByLevel }
            : {
                ...coverage,
                truncated,
                signalsByLevel,
                format,
                notScannedUnits: NOTHING_SKIPPED,
                suppressedSignals: 0,
                directiveProblems: [],
                omittedDirectiveProblems: 0,
              },
      };
    }
    return { ok: true, data };
  },
});
