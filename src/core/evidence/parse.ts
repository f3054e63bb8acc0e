// Validation of whatever a host's evidence reader returns: structure, exact
// scope, known IDs and consistent counts (listed in
// docs/api-reference.md#evidence-rules). The dispatcher, the Worker's KV
// reader and the evidence upload script all ask this one function.
import { echo } from '../input-checks/echo';
import { deepFreeze } from '../dispatch/freeze';
import type { ModelComparisonContext } from '../dispatch/types';
import { issueMessage } from '../input-checks/zod-issue';
import { evidenceSchemas, type ModelComparisonEvidence, type ModelComparisonQuery, type ModelComparisonSelection } from './schema';

export type EvidenceParseResult =
  | { readonly ok: true; readonly evidence: ModelComparisonEvidence }
  | { readonly ok: false; readonly message: string };

const QUERY_FIELDS = ['language', 'profile', 'role', 'cohortId'] as const;

function selectionProblem(
  name: 'bestValue' | 'highestDetection',
  selection: ModelComparisonSelection,
  sourceIds: ReadonlySet<string>,
  context: ModelComparisonContext,
): string | undefined {
  const at = `evidence.${name}`;
  if (!context.availableModelIds.includes(selection.modelId)) {
    return `${at}.modelId ${echo(selection.modelId)} is not one of the host's available model IDs`;
  }
  const cited = new Set<string>();
  for (const [index, id] of selection.sourceIds.entries()) {
    if (!sourceIds.has(id)) return `${at}.sourceIds[${index}] ${echo(id)} names no listed source`;
    if (cited.has(id)) return `${at}.sourceIds must not repeat ${echo(id)}`;
    cited.add(id);
  }
  const { plannedReviews, judgedReviews, acceptedCompleteReviews } = selection.sample;
  if (judgedReviews === 0 || judgedReviews > plannedReviews) {
    return `${at}.sample.judgedReviews must be from 1 to plannedReviews (${plannedReviews}), got ${judgedReviews}`;
  }
  if (acceptedCompleteReviews > judgedReviews) {
    return `${at}.sample.acceptedCompleteReviews must be at most judgedReviews (${judgedReviews}), got ${acceptedCompleteReviews}`;
  }
  const { detectedProblems, expectedProblems, falseChanges } = selection.quality;
  if ((detectedProblems === null) !== (expectedProblems === null)) {
    return `${at}.quality.detectedProblems and expectedProblems must both be null or both be numbers`;
  }
  if (detectedProblems !== null && expectedProblems !== null && detectedProblems > expectedProblems) {
    return `${at}.quality.detectedProblems must be at most expectedProblems (${expectedProblems}), got ${detectedProblems}`;
  }
  if (name === 'bestValue') {
    if (acceptedCompleteReviews < 1) return `${at}.sample.acceptedCompleteReviews must be at least 1`;
    if (selection.totalCostUsd === null) return `${at}.totalCostUsd must be known (not null)`;
  } else {
    if (expectedProblems === null || expectedProblems === 0) {
      return `${at}.quality.expectedProblems must be greater than 0`;
    }
    if (falseChanges === null) return `${at}.quality.falseChanges must be known (not null)`;
  }
  return undefined;
}

function evidenceProblem(
  evidence: ModelComparisonEvidence,
  query: ModelComparisonQuery,
  context: ModelComparisonContext,
): string | undefined {
  for (const field of QUERY_FIELDS) {
    if (evidence.query[field] !== query[field]) {
      return `evidence.query.${field} must be ${echo(query[field])} (the requested scope), got ${echo(evidence.query[field])}`;
    }
  }
  const sourceIds = new Set<string>();
  for (const [index, source] of evidence.sources.entries()) {
    if (sourceIds.has(source.id)) return `evidence.sources[${index}].id repeats ${echo(source.id)}`;
    sourceIds.add(source.id);
  }
  const selections = (['bestValue', 'highestDetection'] as const).filter((name) => evidence[name] !== null);
  if (evidence.status === 'evidence-missing' && selections.length > 0) {
    return `evidence.${selections[0]} must be null when status is 'evidence-missing'`;
  }
  if (evidence.status === 'available' && selections.length === 0) {
    return `evidence with status 'available' must carry bestValue, highestDetection or both`;
  }
  for (const name of selections) {
    const selection = evidence[name];
    const problem = selection === null ? undefined : selectionProblem(name, selection, sourceIds, context);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Checks `value` as the evidence for `query` under the host's `context` and
 * returns a deeply frozen copy, or a message naming the first field that
 * fails. Never throws on malformed input.
 */
export function parseModelComparisonEvidence(
  value: unknown,
  query: ModelComparisonQuery,
  context: ModelComparisonContext,
): EvidenceParseResult {
  const { modelComparisonEvidenceSchema } = evidenceSchemas();
  let parsed: ReturnType<typeof modelComparisonEvidenceSchema.safeParse>;
  try {
    parsed = modelComparisonEvidenceSchema.safeParse(value, { reportInput: true });
  } catch {
    // A getter or proxy of the value threw; its text is the host's and stays out.
    return { ok: false, message: 'evidence could not be read: reading one of its fields failed' };
  }
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, message: first === undefined ? 'evidence is not valid' : issueMessage('evidence', first) };
  }
  const problem = evidenceProblem(parsed.data, query, context);
  return problem === undefined ? { ok: true, evidence: deepFreeze(parsed.data) } : { ok: false, message: problem };
}
