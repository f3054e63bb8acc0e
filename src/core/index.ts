// The library entry `@voice/writing-rules/tools`: the four descriptors, the
// dispatcher bound to the bundled catalogue and scanner, and the types and
// checks hosts (and the Worker) build on.
import { catalogue } from './catalogue/catalogue.generated';
import { createCatalogueView, type CatalogueView } from './catalogue/view';
import { createDispatcher } from './dispatch/dispatcher';
import { createSignalScanner } from './scanner/scan';
import { TOOLS } from './tools/index';
import type { WritingToolDescriptor, WritingToolDispatcher, WritingToolHost } from './dispatch/types';

/** The four tool descriptors, deeply frozen, in documentation order. */
export const writingReviewTools: readonly WritingToolDescriptor[] = Object.freeze(TOOLS.map((tool) => tool.descriptor));

/** `<release>+<content hash>` of the bundled catalogue. */
export const catalogueVersion: string = catalogue.catalogueVersion;

/**
 * A dispatcher for `host`'s fixed review context and evidence reader. Throws
 * a TypeError naming the field when the host options are invalid; its
 * `dispatch` never throws.
 */
export function createWritingToolDispatcher(host?: WritingToolHost): WritingToolDispatcher {
  bundled ??= createCatalogueView(catalogue, createSignalScanner);
  return createDispatcher(bundled, host);
}

// One frozen view, and so one scanner with its compiled plans, for every dispatcher.
let bundled: CatalogueView | undefined;

export { parseModelComparisonEvidence, type EvidenceParseResult } from './evidence/parse';
export { missingEvidence, type MissingReason } from './evidence/missing';
export { modelComparisonEvidenceSchema } from './evidence/schema';
export { getWritingRulesResultSchema } from './tools/get-writing-rules';
export { composeWritingReviewPromptResultSchema } from './tools/compose-writing-review-prompt';
export { findWritingSignalsResultSchema } from './tools/find-writing-signals';
export { getModelComparisonEvidenceResultSchema } from './tools/get-model-comparison-evidence';
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
export { LANGUAGES, PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS } from './catalogue/ids';
export type { Language, ProfileId, RuleId } from './catalogue/ids';
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
