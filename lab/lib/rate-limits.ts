// Other limits for the two Rate Limiting budgets of wrangler.toml, for a
// `wrangler dev` that serves a rewritten config (startWranglerDev's
// rewriteConfig): the load script's small budgets, the benchmark's raised ones.
import { BINDING_NAMES } from '../../src/worker/config';

/** Requests per 60 seconds and key for each rate-limit budget of a served config. */
export interface RateLimits {
  readonly toolCalls: number;
  readonly reads: number;
}

/**
 * A `rewriteConfig` for wrangler dev that keeps both `[[ratelimits]]` blocks
 * of wrangler.toml (names, namespaces) and sets their limits per 60 seconds.
 */
export function withRateLimits(limits: RateLimits): (raw: Record<string, unknown>) => Record<string, unknown> {
  const byName = new Map([
    [BINDING_NAMES.toolCalls, limits.toolCalls],
    [BINDING_NAMES.reads, limits.reads],
  ]);
  return (raw) => {
    const blocks = (raw.ratelimits ?? []) as { name: string }[];
    const names = blocks.map((block) => block.name);
    if (!names.includes(BINDING_NAMES.toolCalls) || !names.includes(BINDING_NAMES.reads)) {
      throw new Error(`the config must bind ${BINDING_NAMES.toolCalls} and ${BINDING_NAMES.reads} to change their limits`);
    }
    const ratelimits = blocks.map((block) => {
      const limit = byName.get(block.name as (typeof BINDING_NAMES)['toolCalls']);
      return limit === undefined ? block : { ...block, simple: { limit, period: 60 } };
    });
    return { ...raw, ratelimits };
  };
}
