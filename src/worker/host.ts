// Turns the Worker's env into the dispatcher's host: the validated config and
// the read-only evidence reader over the EVIDENCE binding.
import { createWritingToolDispatcher, type WritingToolDispatcher } from '../core/index';
import { ConfigError, type HostConfig } from './config';
import type { WorkerEnv } from './env';
import { createEvidenceReader } from './evidence-reader';
import { readOnlyKv } from './read-only-kv';

/**
 * Creates the dispatcher for a config. The config was parsed with the core's
 * own text and ID-list checks, so the core accepts it; should it still refuse
 * it, that is a defect, answered as 500 internal-error by the handler.
 */
export function createHostDispatcher(config: HostConfig, env: WorkerEnv): WritingToolDispatcher {
  if (typeof env.EVIDENCE?.get !== 'function') {
    throw new ConfigError('EVIDENCE', 'EVIDENCE must be bound to a KV namespace (see [[kv_namespaces]] in wrangler.toml).');
  }
  return createWritingToolDispatcher({
    ...(config.reviewContext ? { reviewContext: config.reviewContext } : {}),
    modelComparisonContext: { availableModelIds: config.modelIds, cohortIds: config.cohortIds },
    getModelComparisonEvidence: createEvidenceReader(readOnlyKv(env.EVIDENCE), { cacheTtlSeconds: config.evidenceCacheTtlSeconds }),
  });
}
