// The four tools in contract order. The dispatcher looks names up here and
// `writingReviewTools` lists their descriptors in this order.
import { composeWritingReviewPrompt } from './compose-writing-review-prompt';
import { findWritingSignals } from './find-writing-signals';
import { getModelComparisonEvidence } from './get-model-comparison-evidence';
import { getWritingRules } from './get-writing-rules';
import type { RegisteredTool } from './tool';

/** Every tool, in the order of CONTRACT section 2. */
export const TOOLS: readonly RegisteredTool[] = Object.freeze([
  getWritingRules,
  composeWritingReviewPrompt,
  findWritingSignals,
  getModelComparisonEvidence,
]);
