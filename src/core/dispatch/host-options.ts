// The host's fixed configuration, checked and copied once when a dispatcher
// is created (docs/api-reference.md#host-options). A bad host fails loudly with a
// TypeError naming the field; later changes to the host's objects change nothing.
import * as z from 'zod';
import { deepFreeze } from './freeze';
import { idListProblem, plainTextProblem } from '../input-checks/plain-line';
import type { ModelComparisonContext, ModelComparisonEvidenceReader, ReviewContext } from './types';
import { MAX_COHORT_ID_UNITS } from '../tools/fields';
import { issueMessage } from '../input-checks/zod-issue';

/** Longest audience or goal, in UTF-16 units. */
export const MAX_REVIEW_CONTEXT_UNITS = 4000;
/** Longest model ID, in UTF-16 units. */
export const MAX_MODEL_ID_UNITS = 200;

export interface HostSnapshot {
  readonly reviewContext: ReviewContext | undefined;
  readonly modelComparisonContext: ModelComparisonContext | undefined;
  readonly getModelComparisonEvidence: ModelComparisonEvidenceReader | undefined;
}

function withProblem<S extends z.ZodType>(schema: S, problem: (value: z.output<S>) => string | undefined) {
  return schema.check((ctx) => {
    const message = problem(ctx.value);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });
}

const hostText = (label: string) => withProblem(z.string(), (value) => plainTextProblem(label, value, MAX_REVIEW_CONTEXT_UNITS));

const idList = (label: string, maxUnits: number) =>
  withProblem(z.array(z.string()), (ids) => idListProblem(ids, maxUnits, { list: label, item: (index) => `${label}[${index}]` }));

const hostSchema = z.strictObject({
  reviewContext: z
    .strictObject({
      audience: hostText('host.reviewContext.audience'),
      goal: hostText('host.reviewContext.goal'),
    })
    .optional(),
  modelComparisonContext: z
    .strictObject({
      availableModelIds: idList('host.modelComparisonContext.availableModelIds', MAX_MODEL_ID_UNITS),
      cohortIds: idList('host.modelComparisonContext.cohortIds', MAX_COHORT_ID_UNITS),
    })
    .optional(),
  getModelComparisonEvidence: z
    .custom<ModelComparisonEvidenceReader>((value) => typeof value === 'function', {
      error: 'host.getModelComparisonEvidence must be a function',
    })
    .optional(),
});

/**
 * Checks `host` and returns a frozen copy of its data; the evidence reader is
 * kept as given. Throws a TypeError naming the first bad field.
 */
export function snapshotHost(host: unknown): HostSnapshot {
  const parsed = hostSchema.safeParse(host ?? {}, { reportInput: true });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new TypeError(first === undefined ? 'host is not valid' : issueMessage('host', first));
  }
  const { reviewContext, modelComparisonContext, getModelComparisonEvidence } = parsed.data;
  return Object.freeze({
    reviewContext: reviewContext === undefined ? undefined : deepFreeze({ ...reviewContext }),
    modelComparisonContext:
      modelComparisonContext === undefined
        ? undefined
        : deepFreeze({
            availableModelIds: [...modelComparisonContext.availableModelIds],
            cohortIds: [...modelComparisonContext.cohortIds],
          }),
    getModelComparisonEvidence,
  });
}
