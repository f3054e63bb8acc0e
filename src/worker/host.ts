// Turns the Worker's env into the dispatcher's host: the validated config and
// the evidence reader over a read-only view of the EVIDENCE binding.
import { createWritingToolDispatcher, type WritingToolDispatcher } from '../core/index';
import { ConfigError, type HostConfig } from './config';
import type { WorkerEnv } from './env';
import { createEvidenceReader } from './evidence-reader';

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

/** The one KV operation the Worker may use. */
export interface ReadOnlyKv {
  get(key: string, options: { type: 'text'; cacheTtl?: number }): Promise<string | null>;
}

/**
 * Wraps a namespace so that only `get` for text values is reachable: the Worker
 * reaches EVIDENCE only through this, so no code path can write, delete or list keys.
 */
export function readOnlyKv(namespace: KVNamespace): ReadOnlyKv {
  return Object.freeze({
    get: (key: string, options: { type: 'text'; cacheTtl?: number }) => namespace.get(key, options),
  });
}
