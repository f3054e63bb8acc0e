// Shared builders for core tests: a dispatcher over the fixture catalogue and
// the real scanner, and a valid evidence value to mutate.
import { createCatalogueView } from '../../src/core/catalogue/view';
import { createDispatcher } from '../../src/core/dispatch/dispatcher';
import { createSignalScanner } from '../../src/core/scanner/scan';
import type { ModelComparisonEvidence, ModelComparisonQuery, WritingToolHost, WritingToolResult } from '../../src/core/dispatch/types';
import { fixtureCatalogue } from './fixtures/catalogue';

export const reviewContext = { audience: 'Operators of the review service', goal: 'Deploy the service once' };

const fixtureView = createCatalogueView(fixtureCatalogue, createSignalScanner);

export function fixtureDispatcher(host?: WritingToolHost) {
  return createDispatcher(fixtureView, host);
}

/** Dispatches `name` with `args` on a fixture dispatcher that has a review context. */
export function call(name: string, args: unknown, host: WritingToolHost = { reviewContext }): Promise<WritingToolResult> {
  return fixtureDispatcher(host).dispatch({ name, arguments: args });
}

/**
 * The data of an ok envelope; fails the test with the error otherwise. Typed
 * by the tool for a literal tool name; `call` (any name) needs `dataOf<T>`.
 */
export function dataOf<T>(result: WritingToolResult<T> | WritingToolResult): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.data as T;
}

export const query: ModelComparisonQuery = {
  language: 'de',
  profile: 'agent-report',
  role: 'reviewer',
  cohortId: 'cohort-a',
};

export const modelContext = { availableModelIds: ['model-x', 'model-y'], cohortIds: ['cohort-a', 'cohort-b'] };

/** Evidence that passes every evidence rule (docs/api-reference.md#evidence-rules) for `query`. */
export function validEvidence(): ModelComparisonEvidence {
  const selection = (modelId: string, sourceIds: string[]) => ({
    modelId,
    sourceIds,
    independentJudgments: true as const,
    sample: { plannedReviews: 40, judgedReviews: 38, acceptedCompleteReviews: 35 },
    quality: { detectedProblems: 70, expectedProblems: 90, falseChanges: 4 },
    totalCostUsd: 12.5,
    limitations: ['One cohort of German agent reports only.'],
  });
  return {
    status: 'available',
    query: { ...query },
    bestValue: selection('model-x', ['report-1']),
    highestDetection: selection('model-y', ['report-1', 'report-2']),
    sources: [
      { id: 'report-1', location: 'reports/run-1.json', sha256: 'a'.repeat(64) },
      { id: 'report-2', location: 'https://example.org/run-2.json', sha256: '0123456789ABCDEF'.repeat(4) },
    ],
    explanation: 'Judged by two independent reviewers per finding.',
    limitations: ['Prices as of the run date.'],
  };
}
