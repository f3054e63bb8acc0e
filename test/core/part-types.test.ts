// Type-level tests of the exported part types: each one must take the value
// the result that holds it carries, without a cast. `npm run typecheck`
// (`tsc --noEmit`) fails on any assignment or assertion below that does not
// hold; the runtime parts check that the values are really there.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createWritingToolDispatcher,
  type CatalogueSource,
  type ModelComparisonEvidence,
  type ModelComparisonQuery,
  type ModelComparisonSelection,
  type ModelComparisonSource,
  type PromptProvenance,
  type PromptSegment,
  type PromptSegmentSource,
  type RuleRecord,
  type RuleSummary,
  type SignalCoverage,
  type WritingSignal,
} from '../../src/core/index';
import { modelContext, query, reviewContext, validEvidence } from './helpers';

const dispatcher = createWritingToolDispatcher({
  reviewContext,
  modelComparisonContext: modelContext,
  getModelComparisonEvidence: () => validEvidence(),
});

describe('exported part types take the values results hold', () => {
  it('RuleRecord and CatalogueSource from get_writing_rules with detail full', async () => {
    const result = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: { detail: 'full' } });
    if (!result.ok || result.data.detail !== 'full') throw new Error('expected full rules');
    const rules: readonly RuleRecord[] = result.data.rules;
    const sources: readonly CatalogueSource[] = result.data.sources;
    const first: RuleRecord = rules[0]!;
    const scope: RuleRecord['scope'] = first.scope;
    expectTypeOf(result.data.rules[0]!).toEqualTypeOf<RuleRecord>();
    expectTypeOf(result.data.sources[0]!).toEqualTypeOf<CatalogueSource>();
    // @ts-expect-error a record is frozen, so its type is readonly too
    expect(() => first.scope.push('public-docs')).toThrow(TypeError);
    expect(scope.length).toBeGreaterThan(0);
    expect(sources.length).toBeGreaterThan(0);
  });

  it('RuleSummary from get_writing_rules with detail summary', async () => {
    const result = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: { detail: 'summary' } });
    if (!result.ok || result.data.detail !== 'summary') throw new Error('expected summaries');
    const summaries: readonly RuleSummary[] = result.data.rules;
    expectTypeOf(result.data.rules[0]!).toEqualTypeOf<RuleSummary>();
    expect(summaries[0]?.scope.length).toBeGreaterThan(0);
  });

  it('PromptSegment, PromptSegmentSource and PromptProvenance from compose_writing_review_prompt', async () => {
    const result = await dispatcher.dispatch({ name: 'compose_writing_review_prompt' });
    if (!result.ok) throw new Error(result.error.message);
    const segments: readonly PromptSegment[] = result.data.segments;
    const source: PromptSegmentSource = segments[0]!.source;
    const provenance: PromptProvenance = result.data.provenance;
    expectTypeOf(result.data.segments[0]!).toEqualTypeOf<PromptSegment>();
    expectTypeOf(result.data.provenance).toEqualTypeOf<PromptProvenance>();
    expect(source).toBe('base');
    expect(provenance.hostFields).toEqual(['audience', 'goal']);
  });

  it('WritingSignal and SignalCoverage from find_writing_signals', async () => {
    const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.' } });
    if (!result.ok) throw new Error(result.error.message);
    const signals: readonly WritingSignal[] = result.data.signals;
    const coverage: SignalCoverage = result.data.coverage;
    expectTypeOf(result.data.signals[0]!).toEqualTypeOf<WritingSignal>();
    expectTypeOf(result.data.coverage).toEqualTypeOf<SignalCoverage>();
    expect(signals[0]?.quote).toBe('powerful');
    expect(coverage.truncated).toBe(false);
  });

  it('ModelComparisonEvidence and its parts from get_model_comparison_evidence', async () => {
    const result = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: { ...query } });
    if (!result.ok) throw new Error(result.error.message);
    const evidence: ModelComparisonEvidence = result.data;
    const scope: ModelComparisonQuery = result.data.query;
    const sources: readonly ModelComparisonSource[] = result.data.sources;
    const best: ModelComparisonSelection | null = result.data.bestValue;
    expectTypeOf(result.data).toEqualTypeOf<ModelComparisonEvidence>();
    expectTypeOf(result.data.sources[0]!).toEqualTypeOf<ModelComparisonSource>();
    expect(evidence.status).toBe('available');
    expect(scope.cohortId).toBe(query.cohortId);
    expect(sources.length).toBeGreaterThan(0);
    expect(best?.modelId).toBe('model-x');
  });
});
