// Turns the Worker's env into the dispatcher's host: the validated config and
// the read-only evidence reader over the EVIDENCE binding.
import { createWritingToolDispatcher, type WritingToolDispatcher } from '../core/index';
import { ConfigError, type HostConfig } from './config';
import type { WorkerEnv } from './env';
import { createEvidenceReader } from './evidence-reader';
import { readOnlyKv } from './read-only-kv';

// The host fields the core checks, and the variables they come from.
const VARIABLE_BY_FIELD: readonly (readonly [string, string])[] = [
  ['reviewContext.audience', 'REVIEW_AUDIENCE'],
  ['reviewContext.goal', 'REVIEW_GOAL'],
  ['availableModelIds', 'MODEL_IDS'],
  ['cohortIds', 'COHORT_IDS'],
];

/** Creates the dispatcher for a config; a value the core refuses becomes a `ConfigError`. */
export function createHostDispatcher(config: HostConfig, env: WorkerEnv): WritingToolDispatcher {
  if (typeof env.EVIDENCE?.get !== 'function') {
    throw new ConfigError('EVIDENCE', 'EVIDENCE must be bound to a KV namespace (see [[kv_namespaces]] in wrangler.toml).');
  }
  try {
    return createWritingToolDispatcher({
      ...(config.reviewContext ? { reviewContext: config.reviewContext } : {}),
      modelComparisonContext: { availableModelIds: config.modelIds, cohortIds: config.cohortIds },
      getModelComparisonEvidence: createEvidenceReader(readOnlyKv(env.EVIDENCE)),
    });
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    const variable = VARIABLE_BY_FIELD.find(([field]) => err.message.includes(field))?.[1] ?? 'the host configuration';
    throw new ConfigError(variable, `${variable} is not accepted by the dispatcher: ${err.message}`);
  }
}
