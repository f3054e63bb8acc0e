// compose_writing_review_prompt: the layered review prompt for the selected
// rules under the host's review context (see
// docs/api-reference.md#compose_writing_review_prompt). The document under
// review is not an argument and never enters the prompt.
import * as z from 'zod';
import { LANGUAGES, RULE_IDS } from '../catalogue/ids';
import { selectRules } from '../catalogue/select';
import type { Frozen } from '../dispatch/freeze';
import { GUARDRAIL_IDS, composeReviewPrompt } from '../prompt/compose';
import { fields } from './fields';
import { defineTool } from './tool';

// The result schema and its parts, built when first read (tool.ts).
function resultSchemas() {
  const ruleIdList = z.array(z.enum(RULE_IDS));

  const promptSegmentSchema = z.strictObject({
    id: z.string().meta({ description: "'base', 'host', 'rule:<rule-id>', 'format' or 'guardrail:<guardrail-id>'." }),
    source: z.enum(['base', 'host', 'rule', 'format', 'guardrail']),
    text: z.string(),
  });

  const promptProvenanceSchema = z.strictObject({
    ruleIds: ruleIdList,
    exampleIds: z.array(z.string()).meta({ description: "One '<rule-id>.examples.<language>' per rule." }),
    sourceIds: z.array(z.string()).meta({
      description: 'The catalogue sources the selected rules cite, sorted; never part of the prompt text.',
    }),
    // An array rather than a tuple: tuples need 2020-12's prefixItems, which MCP
    // clients that validate with draft-07 (the official SDK's) read differently.
    hostFields: z
      .array(z.enum(['audience', 'goal']))
      .length(2)
      .meta({ description: "Always ['audience', 'goal']: the host fields the prompt uses." }),
    guardrailIds: z.array(z.enum(GUARDRAIL_IDS)),
  });

  /** The prompt, the segments it joins (guardrails last) and what went into each. */
  const composeWritingReviewPromptResultSchema = z.strictObject({
    catalogueVersion: z.string(),
    ruleIds: ruleIdList.meta({ description: 'The selected rules, in catalogue order.' }),
    language: z.enum(LANGUAGES),
    prompt: z.string().meta({ description: "The segments' texts joined with a blank line." }),
    segments: z.array(promptSegmentSchema),
    provenance: promptProvenanceSchema,
  });

  return { composeWritingReviewPromptResultSchema, promptSegmentSchema, promptProvenanceSchema };
}
type ResultSchemas = ReturnType<typeof resultSchemas>;

export type ComposeWritingReviewPromptResult = Frozen<z.output<ResultSchemas['composeWritingReviewPromptResultSchema']>>;
export type PromptSegment = Frozen<z.output<ResultSchemas['promptSegmentSchema']>>;
export type PromptSegmentSource = PromptSegment['source'];
export type PromptProvenance = Frozen<z.output<ResultSchemas['promptProvenanceSchema']>>;

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
  result: () => resultSchemas().composeWritingReviewPromptResultSchema,
  run(args, { catalogue, host }) {
    const selection = selectRules(catalogue, args, 'public-docs');
    if (!selection.ok) return { ok: false, code: 'invalid-arguments', message: selection.message };
    const { reviewContext } = host;
    if (reviewContext === undefined) {
      return {
        ok: false,
        code: 'context-missing',
        message:
          'compose_writing_review_prompt needs a review context (audience and goal), which only the host can set; this host set none',
      };
    }
    const rules = selection.ruleIds.map((id) => catalogue.ruleById.get(id)).filter((rule) => rule !== undefined);
    const composed = composeReviewPrompt({
      language: args.language,
      rules,
      reviewContext,
      maxFindings: args.maxFindings,
    });
    const data: ComposeWritingReviewPromptResult = {
      catalogueVersion: catalogue.catalogueVersion,
      ruleIds: selection.ruleIds,
      language: args.language,
      ...composed,
    };
    return { ok: true, data };
  },
});
