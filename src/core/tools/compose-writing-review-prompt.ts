// compose_writing_review_prompt: the layered review prompt for the selected
// rules under the host's review context (CONTRACT section 5). The document
// under review is not an argument and never enters the prompt.
import { selectRules } from '../catalogue/select';
import { composeReviewPrompt } from '../prompt/compose';
import type { ReviewPromptData } from '../types';
import { fields } from './fields';
import { defineTool } from './tool';

export const composeWritingReviewPrompt = defineTool({
  name: 'compose_writing_review_prompt',
  title: 'Composing the review instructions',
  description:
    'Composes review instructions for a reviewer model: base instructions, the audience and goal fixed by the host, ' +
    'each selected rule with its conditional example, the response format and guardrails last. ' +
    "Without profile and ruleIds it selects the 'public-docs' profile. The document itself is never part of the prompt; " +
    'the result lists each segment and what went into it.',
  fields: {
    language: fields.language,
    profile: fields.profile,
    ruleIds: fields.ruleIds,
    maxFindings: fields.maxFindings,
  },
  run(args, { catalogue, host }) {
    const selection = selectRules(catalogue, args, 'public-docs');
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const { reviewContext } = host;
    if (reviewContext === undefined) {
      return {
        ok: false,
        code: 'context-missing',
        message: 'compose_writing_review_prompt needs a review context (audience and goal), which only the host can set; this host set none',
      };
    }
    const rules = selection.ruleIds.map((id) => catalogue.ruleById.get(id)).filter((rule) => rule !== undefined);
    const composed = composeReviewPrompt({
      language: args.language,
      rules,
      reviewContext,
      maxFindings: args.maxFindings,
    });
    const data: ReviewPromptData = {
      catalogueVersion: catalogue.catalogueVersion,
      ruleIds: selection.ruleIds,
      language: args.language,
      ...composed,
    };
    return { ok: true, data };
  },
});
