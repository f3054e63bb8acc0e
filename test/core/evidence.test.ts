// get_model_comparison_evidence (docs/api-reference.md#evidence-rules): a valid value passes;
// each single mutation that breaks a rule fails with invalid-host-evidence;
// missing readers and contexts answer evidence-missing; copies are frozen.
import { describe, expect, it } from 'vitest';
import { parseModelComparisonEvidence } from '../../src/core/evidence/parse';
import type { ModelComparisonEvidence, WritingToolHost } from '../../src/core/dispatch/types';
import { call, modelContext, query, validEvidence } from './helpers';

// Tests mutate evidence freely, including fields the type does not have.
type Mutable = Record<string, any>;

function hostReturning(value: unknown): WritingToolHost {
  return { modelComparisonContext: modelContext, getModelComparisonEvidence: () => value as ModelComparisonEvidence };
}

describe('valid evidence', () => {
  it('is returned as the data, equal to what the host gave', async () => {
    const result = await call('get_model_comparison_evidence', query, hostReturning(validEvidence()));
    expect(result).toEqual({ ok: true, tool: 'get_model_comparison_evidence', data: validEvidence() });
  });

  it('may carry only one selection', async () => {
    const onlyValue = { ...validEvidence(), highestDetection: null };
    expect((await call('get_model_comparison_evidence', query, hostReturning(onlyValue))).ok).toBe(true);
    const detectionWithoutCost = validEvidence() as Mutable;
    detectionWithoutCost.bestValue = null;
    detectionWithoutCost.highestDetection.totalCostUsd = null;
    expect((await call('get_model_comparison_evidence', query, hostReturning(detectionWithoutCost))).ok).toBe(true);
  });

  it('accepts a host evidence-missing answer with null selections', async () => {
    const missing = { ...validEvidence(), status: 'evidence-missing', bestValue: null, highestDetection: null };
    expect((await call('get_model_comparison_evidence', query, hostReturning(missing))).ok).toBe(true);
  });
});

const mutations: [string, (e: Mutable) => void, RegExp][] = [
  ['an unknown top-level field', (e) => (e.score = 1), /evidence has unknown field 'score'/],
  ['an unknown selection field', (e) => (e.bestValue.rank = 1), /evidence\.bestValue has unknown field 'rank'/],
  ['an unknown source field', (e) => (e.sources[0].fetched = true), /evidence\.sources\[0\] has unknown field 'fetched'/],
  ['a missing explanation', (e) => delete e.explanation, /evidence\.explanation is missing/],
  ['an unknown status', (e) => (e.status = 'partial'), /evidence\.status must be/],
  ['another language', (e) => (e.query.language = 'en'), /evidence\.query\.language must be 'de'/],
  ['another profile', (e) => (e.query.profile = 'public-docs'), /evidence\.query\.profile must be 'agent-report'/],
  ['another cohort', (e) => (e.query.cohortId = 'cohort-b'), /evidence\.query\.cohortId must be 'cohort-a'/],
  [
    'a model the host does not list',
    (e) => (e.bestValue.modelId = 'model-z'),
    /bestValue\.modelId 'model-z' is not one of the host's available model IDs/,
  ],
  [
    'a source ID that names no source',
    (e) => (e.highestDetection.sourceIds[1] = 'report-9'),
    /highestDetection\.sourceIds\[1\] 'report-9' names no listed source/,
  ],
  ['no source IDs', (e) => (e.bestValue.sourceIds = []), /bestValue\.sourceIds must list at least one source ID/],
  ['duplicate source IDs', (e) => (e.sources[1].id = 'report-1'), /evidence\.sources\[1\]\.id repeats 'report-1'/],
  ['a short sha256', (e) => (e.sources[0].sha256 = 'abc'), /evidence\.sources\[0\]\.sha256 must be 64 hex digits/],
  ['a non-hex sha256', (e) => (e.sources[0].sha256 = 'g'.repeat(64)), /sha256 must be 64 hex digits/],
  ['independentJudgments false', (e) => (e.bestValue.independentJudgments = false), /bestValue\.independentJudgments must be true/],
  ['a negative count', (e) => (e.bestValue.sample.plannedReviews = -1), /plannedReviews must be a non-negative safe integer/],
  ['a fractional count', (e) => (e.bestValue.quality.falseChanges = 1.5), /falseChanges must be null or a non-negative safe integer/],
  ['an unsafe integer', (e) => (e.bestValue.sample.plannedReviews = 2 ** 53), /plannedReviews must be a non-negative safe integer/],
  ['zero judged reviews', (e) => (e.highestDetection.sample.judgedReviews = 0), /judgedReviews must be from 1 to plannedReviews/],
  [
    'more judged than planned',
    (e) => (e.bestValue.sample.judgedReviews = 41),
    /judgedReviews must be from 1 to plannedReviews \(40\), got 41/,
  ],
  [
    'more accepted than judged',
    (e) => (e.bestValue.sample.acceptedCompleteReviews = 39),
    /acceptedCompleteReviews must be at most judgedReviews/,
  ],
  [
    'detected without expected',
    (e) => (e.bestValue.quality.expectedProblems = null),
    /detectedProblems and expectedProblems must both be null or both be numbers/,
  ],
  ['more detected than expected', (e) => (e.bestValue.quality.detectedProblems = 91), /detectedProblems must be at most expectedProblems/],
  ['a negative cost', (e) => (e.bestValue.totalCostUsd = -0.01), /totalCostUsd must be null or a finite non-negative number/],
  ['an infinite cost', (e) => (e.highestDetection.totalCostUsd = Infinity), /totalCostUsd must be null or a finite/],
  [
    'bestValue without an accepted review',
    (e) => (e.bestValue.sample.acceptedCompleteReviews = 0),
    /bestValue\.sample\.acceptedCompleteReviews must be at least 1/,
  ],
  ['bestValue without a known cost', (e) => (e.bestValue.totalCostUsd = null), /bestValue\.totalCostUsd must be known/],
  [
    'highestDetection with no expected problems',
    (e) => {
      e.highestDetection.quality.expectedProblems = 0;
      e.highestDetection.quality.detectedProblems = 0;
    },
    /highestDetection\.quality\.expectedProblems must be greater than 0/,
  ],
  [
    'highestDetection with unknown problem counts',
    (e) => {
      e.highestDetection.quality.expectedProblems = null;
      e.highestDetection.quality.detectedProblems = null;
    },
    /highestDetection\.quality\.expectedProblems must be greater than 0/,
  ],
  [
    'highestDetection without falseChanges',
    (e) => (e.highestDetection.quality.falseChanges = null),
    /highestDetection\.quality\.falseChanges must be known/,
  ],
  [
    'evidence-missing with a selection',
    (e) => (e.status = 'evidence-missing'),
    /evidence\.bestValue must be null when status is 'evidence-missing'/,
  ],
  [
    'available without a selection',
    (e) => {
      e.bestValue = null;
      e.highestDetection = null;
    },
    /status 'available' must carry bestValue, highestDetection or both/,
  ],
  ['an empty limitation', (e) => (e.limitations = ['']), /evidence\.limitations\[0\] must be a non-empty string/],
  ['an unknown query field', (e) => (e.query.model = 'model-x'), /evidence\.query has unknown field 'model'/],
  ['an unknown sample field', (e) => (e.bestValue.sample.retries = 2), /evidence\.bestValue\.sample has unknown field 'retries'/],
  [
    'an unknown quality field',
    (e) => (e.highestDetection.quality.precision = 0.9),
    /highestDetection\.quality has unknown field 'precision'/,
  ],
  ['another role', (e) => (e.query.role = 'writer'), /evidence\.query\.role must be "reviewer"/],
  [
    'a highestDetection model the host does not list',
    (e) => (e.highestDetection.modelId = 'model-z'),
    /highestDetection\.modelId 'model-z' is not one of the host's available model IDs/,
  ],
  ['a source without location', (e) => delete e.sources[0].location, /evidence\.sources\[0\]\.location is missing/],
  [
    'a fractional accepted count',
    (e) => (e.bestValue.sample.acceptedCompleteReviews = 0.5),
    /acceptedCompleteReviews must be a non-negative safe integer/,
  ],
  [
    'a negative expected count',
    (e) => (e.highestDetection.quality.expectedProblems = -1),
    /expectedProblems must be null or a non-negative safe integer/,
  ],
  [
    'a cost given as text',
    (e) => (e.bestValue.totalCostUsd = '12.50'),
    /bestValue\.totalCostUsd must be null or a finite non-negative number/,
  ],
  ['a NaN cost', (e) => (e.bestValue.totalCostUsd = Number.NaN), /bestValue\.totalCostUsd must be null or a finite non-negative number/],
  ['a selection that is not an object', (e) => (e.bestValue = 'model-x'), /evidence\.bestValue must be null or a selection object/],
  [
    'independentJudgments missing',
    (e) => delete e.highestDetection.independentJudgments,
    /highestDetection\.independentJudgments is missing/,
  ],
];

describe('invalid evidence', () => {
  it.each(mutations)('fails on %s', async (_label, mutate, message) => {
    const evidence = validEvidence() as Mutable;
    mutate(evidence);
    const result = await call('get_model_comparison_evidence', query, hostReturning(evidence));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-host-evidence');
    expect(result.error.message).toMatch(message);
  });

  it.each([
    ['null', null],
    ['a string', 'evidence'],
    ['an array', [validEvidence()]],
  ])('fails on %s', async (_label, value) => {
    const result = await call('get_model_comparison_evidence', query, hostReturning(value));
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-host-evidence' } });
  });

  it('is checked by the exported parser with the same messages', () => {
    const evidence = validEvidence() as Mutable;
    evidence.bestValue.modelId = 'model-z';
    expect(parseModelComparisonEvidence(evidence, query, modelContext)).toEqual({
      ok: false,
      message: "evidence.bestValue.modelId 'model-z' is not one of the host's available model IDs",
    });
    expect(parseModelComparisonEvidence(validEvidence(), query, modelContext)).toEqual({ ok: true, evidence: validEvidence() });
  });
});

describe('evidence-missing without a source of evidence', () => {
  const expectMissing = async (host: WritingToolHost) => {
    const result = await call('get_model_comparison_evidence', query, host);
    expect(result).toMatchObject({
      ok: true,
      data: { status: 'evidence-missing', query, bestValue: null, highestDetection: null, sources: [] },
    });
  };

  it('answers when the host has no reader', () => expectMissing({ modelComparisonContext: modelContext }));
  it('answers when the host has no model context', () => expectMissing({ getModelComparisonEvidence: () => validEvidence() }));
  it('answers when the host lists no model IDs, without calling the reader', async () => {
    let calls = 0;
    await expectMissing({
      modelComparisonContext: { availableModelIds: [], cohortIds: ['cohort-a'] },
      getModelComparisonEvidence: () => {
        calls += 1;
        return validEvidence();
      },
    });
    expect(calls).toBe(0);
  });

  it('requires all four arguments', async () => {
    const { cohortId: _omit, ...partial } = query;
    const result = await call('get_model_comparison_evidence', partial, hostReturning(validEvidence()));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: 'cohortId is required: a string of 1 to 200 UTF-16 code units' },
    });
  });

  it("refuses a role other than 'reviewer'", async () => {
    const result = await call('get_model_comparison_evidence', { ...query, role: 'writer' }, hostReturning(validEvidence()));
    expect(result).toMatchObject({ error: { code: 'invalid-arguments', message: "role must be 'reviewer' (got 'writer')" } });
  });
});

describe('frozen copies', () => {
  it('hands the reader a frozen query and context equal to the request and the host', async () => {
    let seen: unknown[] = [];
    await call('get_model_comparison_evidence', query, {
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: (q, c) => {
        seen = [q, c];
        return validEvidence();
      },
    });
    const [q, c] = seen as [typeof query, typeof modelContext];
    expect(q).toEqual(query);
    expect(c).toEqual(modelContext);
    expect(c).not.toBe(modelContext);
    expect(Object.isFrozen(q) && Object.isFrozen(c) && Object.isFrozen(c.availableModelIds)).toBe(true);
  });

  it("hands the reader a query that is a copy of the call's arguments, not the arguments object", async () => {
    const args = { ...query };
    let seen: unknown;
    await call('get_model_comparison_evidence', args, {
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: (q) => {
        seen = q;
        args.cohortId = 'cohort-b';
        return validEvidence();
      },
    });
    expect(seen).not.toBe(args);
    expect(seen).toEqual(query);
  });

  it('returns a copy that later changes to the host object do not reach', async () => {
    const evidence = validEvidence() as Mutable;
    const result = await call('get_model_comparison_evidence', query, hostReturning(evidence));
    evidence.bestValue.modelId = 'model-changed';
    evidence.sources.push({ id: 'late', location: 'x', sha256: 'b'.repeat(64) });
    expect(result).toEqual({ ok: true, tool: 'get_model_comparison_evidence', data: validEvidence() });
  });
});
