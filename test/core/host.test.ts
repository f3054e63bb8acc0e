// The host options (docs/api-reference.md#host-options): checked when the dispatcher is
// created, copied and frozen so later changes to the host's objects change nothing.
import { describe, expect, it } from 'vitest';
import type { ModelComparisonContext, ComposeWritingReviewPromptResult, WritingToolHost } from '../../src/core/dispatch/types';
import { dataOf, fixtureDispatcher, query, validEvidence } from './helpers';

describe('host check at construction', () => {
  it.each([
    [
      'an empty audience',
      { reviewContext: { audience: '', goal: 'Deploy' } },
      /^host\.reviewContext\.audience must be 1 to 4000 UTF-16 units, not empty or white space only$/,
    ],
    [
      'a goal with a bidi override',
      { reviewContext: { audience: 'Ops', goal: 'Deploy \u202Enow' } },
      /^host\.reviewContext\.goal must not contain U\+202E/,
    ],
    [
      'a goal over 4000 units',
      { reviewContext: { audience: 'Ops', goal: 'g'.repeat(4001) } },
      /^host\.reviewContext\.goal must be at most 4000 UTF-16 units \(got 4001\)$/,
    ],
    ['a missing goal', { reviewContext: { audience: 'Ops' } }, /^host\.reviewContext\.goal is missing$/],
    [
      'a repeated model ID',
      { modelComparisonContext: { availableModelIds: ['m', 'm'], cohortIds: [] } },
      /^host\.modelComparisonContext\.availableModelIds must not repeat 'm'$/,
    ],
    [
      'a long repeated model ID, cut in the message',
      { modelComparisonContext: { availableModelIds: ['m'.repeat(150), 'm'.repeat(150)], cohortIds: [] } },
      new RegExp(`^host\\.modelComparisonContext\\.availableModelIds must not repeat '${'m'.repeat(40)}…'$`),
    ],
    [
      'an empty cohort ID',
      { modelComparisonContext: { availableModelIds: [], cohortIds: [''] } },
      /^host\.modelComparisonContext\.cohortIds\[0\] must be 1 to 200 UTF-16 units, not empty or white space only$/,
    ],
    [
      'a reader that is not a function',
      { getModelComparisonEvidence: 'https://example.org' },
      /^host\.getModelComparisonEvidence must be a function$/,
    ],
    ['an unknown option', { endpoint: 'https://example.org' }, /^host has unknown field 'endpoint'$/],
  ])('throws a TypeError naming the field for %s', (_label, host, message) => {
    expect(() => fixtureDispatcher(host as WritingToolHost)).toThrow(TypeError);
    expect(() => fixtureDispatcher(host as WritingToolHost)).toThrow(message);
  });

  it('allows line breaks in audience and goal', async () => {
    const dispatcher = fixtureDispatcher({ reviewContext: { audience: 'Ops\nand on-call staff', goal: 'Deploy\r\nonce' } });
    const data = dataOf<ComposeWritingReviewPromptResult>(
      await dispatcher.dispatch({ name: 'compose_writing_review_prompt', arguments: {} }),
    );
    expect(data.prompt).toContain('Ops\nand on-call staff');
  });

  it('accepts no host at all', () => {
    expect(() => fixtureDispatcher()).not.toThrow();
  });
});

describe('isolation from later host changes', () => {
  it('keeps the review context given at construction', async () => {
    const reviewContext = { audience: 'First audience', goal: 'First goal' };
    const dispatcher = fixtureDispatcher({ reviewContext });
    reviewContext.audience = 'Changed audience';
    const data = dataOf<ComposeWritingReviewPromptResult>(
      await dispatcher.dispatch({ name: 'compose_writing_review_prompt', arguments: {} }),
    );
    expect(data.prompt).toContain('First audience');
    expect(data.prompt).not.toContain('Changed audience');
  });

  it('keeps the model and cohort IDs given at construction', async () => {
    const availableModelIds = ['model-x', 'model-y'];
    const cohortIds = ['cohort-a'];
    let seen: ModelComparisonContext | undefined;
    const dispatcher = fixtureDispatcher({
      modelComparisonContext: { availableModelIds, cohortIds },
      getModelComparisonEvidence: (_q, context) => {
        seen = context;
        return validEvidence();
      },
    });
    availableModelIds.length = 0;
    cohortIds[0] = 'cohort-z';
    const result = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: query });
    expect(result.ok).toBe(true);
    expect(seen).toEqual({ availableModelIds: ['model-x', 'model-y'], cohortIds: ['cohort-a'] });
    const refused = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: { ...query, cohortId: 'cohort-z' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });

  it('does not let a reader change the context of the next call', async () => {
    const dispatcher = fixtureDispatcher({
      modelComparisonContext: { availableModelIds: ['model-x', 'model-y'], cohortIds: ['cohort-a'] },
      getModelComparisonEvidence: (_q, context) => {
        try {
          (context.availableModelIds as string[]).push('model-z');
        } catch {
          // frozen, as promised
        }
        return validEvidence();
      },
    });
    await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: query });
    const evidence = validEvidence();
    const again = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: query });
    expect(again).toEqual({ ok: true, tool: 'get_model_comparison_evidence', data: evidence });
  });
});
