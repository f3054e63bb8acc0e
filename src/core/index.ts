// The library entry `@voice/writing-rules/tools`: the four descriptors, the
// dispatcher bound to the bundled catalogue and scanner, and the types and
// checks hosts (and the Worker) build on.
import { catalogue } from './catalogue/catalogue.generated';
import { createCatalogueView, type CatalogueView } from './catalogue/view';
import { createDispatcher } from './dispatch/dispatcher';
import { createSignalScanner } from './scanner/scan';
import type { FindWritingSignalsResult } from './tools/find-writing-signals';
import { TOOLS } from './tools/index';
import { composeWritingReviewPrompt } from './tools/compose-writing-review-prompt';
import { findWritingSignals } from './tools/find-writing-signals';
import { getModelComparisonEvidence } from './tools/get-model-comparison-evidence';
import { getWritingRules } from './tools/get-writing-rules';
import { resultSchemaOf } from './tools/tool';
import { type ScanDocumentArguments, scanDocumentWith } from './tools/scan-document';
import type { WritingToolDescriptor, WritingToolDispatcher, WritingToolHost, WritingToolResult } from './dispatch/types';

/** The four tool descriptors, frozen, in documentation order; each JSON Schema is made and deeply frozen when first read. */
export const writingReviewTools: readonly WritingToolDescriptor[] = Object.freeze(TOOLS.map((tool) => tool.descriptor));

/** `<release>+<content hash>` of the bundled catalogue. */
export const catalogueVersion: string = catalogue.catalogueVersion;

/**
 * A dispatcher for `host`'s fixed review context and evidence reader. Throws
 * a TypeError naming the field when the host options are invalid; its
 * `dispatch` never throws.
 */
export function createWritingToolDispatcher(host?: WritingToolHost): WritingToolDispatcher {
  return createDispatcher(bundledCatalogue(), host);
}

/**
 * find_writing_signals for a local document of any length, such as a file
 * the CLI reads: the tool's arguments (`text`, `language`, `profile`,
 * `ruleIds`, `maxSignals`, `format`) and its envelope, with no bound on
 * `text`. The whole text is read and scanned at once, so signals, lines and
 * directive problems are those of the whole document. For text from others,
 * use the dispatcher, whose 250,000-unit bound protects the host. Never throws.
 */
export function scanDocument(args: ScanDocumentArguments): Promise<WritingToolResult<FindWritingSignalsResult>> {
  return scanDocumentWith(bundledCatalogue(), args);
}

// One frozen view, and so one scanner with its compiled plans, for every dispatcher and scanDocument.
let bundled: CatalogueView | undefined;
function bundledCatalogue(): CatalogueView {
  bundled ??= createCatalogueView(catalogue, createSignalScanner);
  return bundled;
}

export { parseModelComparisonEvidence, type EvidenceParseResult } from './evidence/parse';
export { missingEvidence, type MissingReason } from './evidence/missing';
export type { ScanDocumentArguments } from './tools/scan-document';

// The result schemas, built when this module is imported, as the library's
// exports. Each call is marked pure: a bundle that imports none of them (the
// Worker's) drops it, and builds a schema only when the tools are listed.
/** Evidence as a host returns it, and the result of get_model_comparison_evidence (the same schema). */
export const modelComparisonEvidenceSchema = /* @__PURE__ */ resultSchemaOf(getModelComparisonEvidence);
/** Summaries (no sources), or full bilingual records with the sources they cite; rules in catalogue order. */
export const getWritingRulesResultSchema = /* @__PURE__ */ resultSchemaOf(getWritingRules);
/** The prompt, the segments it joins (guardrails last) and what went into each. */
export const composeWritingReviewPromptResultSchema = /* @__PURE__ */ resultSchemaOf(composeWritingReviewPrompt);
/** The signals in text order (start, then end, then rule) and what the scan covered. */
export const findWritingSignalsResultSchema = /* @__PURE__ */ resultSchemaOf(findWritingSignals);
/** The evidence for one exact scope: modelComparisonEvidenceSchema itself. */
export const getModelComparisonEvidenceResultSchema = modelComparisonEvidenceSchema;
export {
  MAX_TITLE_UNITS,
  idListProblem,
  isPlainLine,
  plainLineProblem,
  plainTextProblem,
  type IdListLabels,
} from './input-checks/plain-line';
export { MAX_MODEL_ID_UNITS, MAX_REVIEW_CONTEXT_UNITS } from './dispatch/host-options';
export { MAX_TEXT_UNITS, MAX_SIGNALS, MAX_FINDINGS, MAX_COHORT_ID_UNITS } from './tools/fields';
export { LANGUAGES, PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS, SIGNAL_LEVELS } from './catalogue/ids';
export type { Language, ProfileId, RuleId, SignalLevel } from './catalogue/ids';
export type { CatalogueSource, RuleRecord } from './catalogue/schema';
export type { WritingSignal } from './scanner/types';
export type * from './dispatch/types';
export {
  SUPPORTED_TOOL_FORMATS,
  isToolFormat,
  projectTools,
  toAnthropicTools,
  toGeminiTools,
  toOpenAiTools,
  type AnthropicTool,
  type GeminiTool,
  type OpenAiFunctionTool,
  type ToolFormat,
} from './projections/index';
