// The structure of model comparison evidence: strict objects, no unknown
// fields anywhere. The one source of the evidence shape: host evidence is
// parsed with it, the public types are inferred from it, and it is the output
// schema of get_model_comparison_evidence. Cross-field rules live in parse.ts.
import * as z from 'zod';
import { LANGUAGES, PROFILE_IDS } from '../catalogue/ids';
import { type Frozen, onFirstCall } from '../dispatch/freeze';

/**
 * The evidence schemas, built on the first call (a host's evidence is read, the
 * tools are listed, the library's exports are read); every call returns the same ones.
 */
export const evidenceSchemas = onFirstCall(() => {
  const COUNT = 'must be a non-negative safe integer';
  const count = z.number({ error: COUNT }).int({ error: COUNT }).min(0, { error: COUNT });
  const NULLABLE_COUNT = 'must be null or a non-negative safe integer';
  const nullableCount = z.number({ error: NULLABLE_COUNT }).int({ error: NULLABLE_COUNT }).min(0, { error: NULLABLE_COUNT }).nullable();
  const nonEmpty = z.string({ error: 'must be a non-empty string' }).min(1, { error: 'must be a non-empty string' });
  const COST = 'must be null or a finite non-negative number of US dollars';

  /** The scope of one evidence request; every field is required. */
  const modelComparisonQuerySchema = z.strictObject({
    language: z.enum(LANGUAGES),
    profile: z.enum(PROFILE_IDS),
    role: z.literal('reviewer'),
    cohortId: nonEmpty,
  });

  /** A report the evidence rests on; `location` is data and is never fetched. */
  const sourceSchema = z.strictObject({
    id: nonEmpty,
    location: nonEmpty,
    sha256: z.string({ error: 'must be 64 hex digits' }).regex(/^[0-9a-fA-F]{64}$/, { error: 'must be 64 hex digits' }),
  });

  /** One model chosen for a purpose, with the measurements behind the choice. */
  const selectionSchema = z.strictObject(
    {
      modelId: nonEmpty,
      sourceIds: z.array(nonEmpty).min(1, { error: 'must list at least one source ID' }),
      independentJudgments: z.literal(true, { error: 'must be true' }),
      sample: z.strictObject({
        plannedReviews: count,
        judgedReviews: count,
        acceptedCompleteReviews: count,
      }),
      quality: z.strictObject({
        detectedProblems: nullableCount,
        expectedProblems: nullableCount,
        falseChanges: nullableCount,
      }),
      // All attempts, failed and retried ones included; null when unknown.
      totalCostUsd: z.union([z.null(), z.number({ error: COST }).min(0, { error: COST })], { error: COST }),
      limitations: z.array(nonEmpty),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'must be null or a selection object' : undefined) },
  );

  /** Evidence as a host returns it, before the cross-field and scope checks. */
  const modelComparisonEvidenceSchema = z.strictObject({
    status: z.enum(['available', 'evidence-missing']),
    query: modelComparisonQuerySchema,
    bestValue: selectionSchema.nullable(),
    highestDetection: selectionSchema.nullable(),
    sources: z.array(sourceSchema),
    explanation: nonEmpty,
    limitations: z.array(nonEmpty),
  });

  return { modelComparisonQuerySchema, sourceSchema, selectionSchema, modelComparisonEvidenceSchema };
});
type EvidenceSchemas = ReturnType<typeof evidenceSchemas>;

export type ModelComparisonQuery = Frozen<z.infer<EvidenceSchemas['modelComparisonQuerySchema']>>;
export type ModelComparisonSource = Frozen<z.infer<EvidenceSchemas['sourceSchema']>>;
export type ModelComparisonSelection = Frozen<z.infer<EvidenceSchemas['selectionSchema']>>;
export type ModelComparisonEvidence = Frozen<z.infer<EvidenceSchemas['modelComparisonEvidenceSchema']>>;
