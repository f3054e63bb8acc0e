// The KV key scheme for model comparison evidence (docs/api-reference.md#evidence-rules), shared by
// the Worker's reader and scripts/evidence-put.ts, the only writer.
import type { ModelComparisonQuery } from '../core/types';

/** `evidence/{language}/{profile}/{role}/{cohortId}` */
export function evidenceKey(query: ModelComparisonQuery): string {
  return `evidence/${query.language}/${query.profile}/${query.role}/${query.cohortId}`;
}
