// The four tools in the order `writingReviewTools` lists them. The dispatcher
// looks names up here; the per-tool argument and result types are read off
// the same definitions, so a name, its schemas and its types cannot part.
import type * as z from 'zod';
import { composeWritingReviewPrompt } from './compose-writing-review-prompt';
import { findWritingSignals } from './find-writing-signals';
import { getModelComparisonEvidence } from './get-model-comparison-evidence';
import { getWritingRules } from './get-writing-rules';
import type { Frozen } from '../dispatch/freeze';
import type { WritingToolName } from '../dispatch/types';
import type { RegisteredTool, ResultOf } from './tool';

const DEFINITIONS = [getWritingRules, composeWritingReviewPrompt, findWritingSignals, getModelComparisonEvidence] as const;

type Definition = (typeof DEFINITIONS)[number];
type DefinitionNamed<N> = Extract<Definition, { readonly name: N }>;

// Fails to compile when a name in WritingToolName has no definition here.
type NoneMissing<T extends never> = T;
// biome-ignore lint/correctness/noUnusedVariables: exists only to fail the compile
type UndefinedToolNames = NoneMissing<Exclude<WritingToolName, Definition['name']>>;

/** Every tool, in documentation order. */
export const TOOLS: readonly RegisteredTool[] = Object.freeze([...DEFINITIONS]);

/**
 * Each tool's arguments as a caller writes them: defaulted fields may be left
 * out, and arrays may be readonly (a result's frozen `ruleIds`, an `as const`
 * tuple), as the dispatcher never changes the arguments it is given.
 */
export type WritingToolArgumentsByName = {
  [N in WritingToolName]: Frozen<z.input<DefinitionNamed<N>['schema']>>;
};

/** Each tool's result `data`: deeply frozen. */
export type WritingToolResultsByName = {
  [N in WritingToolName]: ResultOf<DefinitionNamed<N>['resultSchema']>;
};
