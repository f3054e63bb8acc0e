// Type-level tests of the per-tool typing of `dispatch`. `npm test` runs
// `tsc --noEmit` over this file, which fails on any wrong assertion below;
// the runtime parts check that the typed data is also the data returned.
import { describe, expectTypeOf, expect, it } from 'vitest';
import {
  createWritingToolDispatcher,
  type ComposeWritingReviewPromptResult,
  type FindWritingSignalsResult,
  type GetModelComparisonEvidenceResult,
  type GetWritingRulesResult,
  type RuleId,
  type RuleRecord,
  type WritingSignal,
  type WritingToolArgumentsByName,
  type WritingToolResult,
} from '../../src/core/index';
import { reviewContext } from './helpers';

const dispatcher = createWritingToolDispatcher({ reviewContext });

describe('dispatch typed per tool name', () => {
  it('gives FindWritingSignalsResult for find_writing_signals without a cast', async () => {
    const result = await dispatcher.dispatch({
      name: 'find_writing_signals',
      arguments: { text: 'A powerful review panel.', ruleIds: ['word-choice'] },
    });
    expectTypeOf(result).toEqualTypeOf<WritingToolResult<FindWritingSignalsResult>>();
    if (!result.ok) throw new Error(result.error.message);
    expectTypeOf(result.data.signals).toEqualTypeOf<readonly WritingSignal[]>();
    expectTypeOf(result.data.coverage.truncated).toEqualTypeOf<boolean>();
    expect(result.data.signals[0]?.quote).toBe('powerful');
  });

  it('gives each tool its own result type', async () => {
    const rules = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: { detail: 'full' } });
    expectTypeOf(rules).toEqualTypeOf<WritingToolResult<GetWritingRulesResult>>();
    if (!rules.ok) throw new Error(rules.error.message);
    // `detail` tells summaries from full records, so no cast is needed for either.
    if (rules.data.detail === 'full') expectTypeOf(rules.data.rules[0]!.prompt).toEqualTypeOf<Readonly<RuleRecord['prompt']>>();
    expect(rules.data.detail).toBe('full');

    const prompt = await dispatcher.dispatch({ name: 'compose_writing_review_prompt' });
    expectTypeOf(prompt).toEqualTypeOf<WritingToolResult<ComposeWritingReviewPromptResult>>();

    const evidence = await dispatcher.dispatch({
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'c' },
    });
    expectTypeOf(evidence).toEqualTypeOf<WritingToolResult<GetModelComparisonEvidenceResult>>();
    expectTypeOf<GetModelComparisonEvidenceResult['status']>().toEqualTypeOf<'available' | 'evidence-missing'>();
  });

  it('types the arguments of a named call: arguments that do not fit get no typed data', async () => {
    const misspelt = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: 'x', maxSignal: 3 } });
    expectTypeOf(misspelt).toEqualTypeOf<WritingToolResult>();
    expect(misspelt).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    const unsupported = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: { language: 'fr' } });
    expectTypeOf(unsupported).toEqualTypeOf<WritingToolResult>();
    expect(unsupported).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });

  it('takes readonly arrays as arguments: a frozen result array or an as-const tuple keeps the typed data', async () => {
    const prompt = await dispatcher.dispatch({ name: 'compose_writing_review_prompt', arguments: { ruleIds: ['word-choice'] } });
    if (!prompt.ok) throw new Error(prompt.error.message);
    const ruleIds = prompt.data.ruleIds;
    expectTypeOf(ruleIds).toEqualTypeOf<readonly RuleId[]>();
    const fromResult = await dispatcher.dispatch({
      name: 'find_writing_signals',
      arguments: { text: 'A powerful review panel.', ruleIds },
    });
    expectTypeOf(fromResult).toEqualTypeOf<WritingToolResult<FindWritingSignalsResult>>();
    const chosen = ['word-choice'] as const;
    const asConst = await dispatcher.dispatch({
      name: 'find_writing_signals',
      arguments: { text: 'A powerful review panel.', ruleIds: chosen },
    });
    expectTypeOf(asConst).toEqualTypeOf<WritingToolResult<FindWritingSignalsResult>>();
    const rules = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: { ruleIds, detail: 'full' } });
    expectTypeOf(rules).toEqualTypeOf<WritingToolResult<GetWritingRulesResult>>();
    expectTypeOf<WritingToolArgumentsByName['find_writing_signals']['ruleIds']>().toEqualTypeOf<readonly RuleId[] | undefined>();
    if (!fromResult.ok || !asConst.ok) throw new Error('expected signals');
    expect(fromResult.data.signals.map((signal) => signal.quote)).toEqual(['powerful']);
    expect(asConst.data).toEqual(fromResult.data);
    expect(rules.ok).toBe(true);
  });

  it('leaves data unknown for a call whose name is not known at compile time', async () => {
    const fromModel: unknown = JSON.parse('{"name":"find_writing_signals","arguments":{"text":"x"}}');
    const result = await dispatcher.dispatch(fromModel);
    expectTypeOf(result).toEqualTypeOf<WritingToolResult>();
    if (result.ok) expectTypeOf(result.data).toBeUnknown();
    const named: { name: string; arguments: unknown } = { name: 'get_writing_rules', arguments: {} };
    expectTypeOf(await dispatcher.dispatch(named)).toEqualTypeOf<WritingToolResult>();
  });

  it('makes results readonly, as they are frozen', async () => {
    const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: 'A powerful panel.' } });
    if (!result.ok) throw new Error(result.error.message);
    // @ts-expect-error signals is a readonly array
    expect(() => result.data.signals.push(result.data.signals[0]!)).toThrow(TypeError);
  });
});
