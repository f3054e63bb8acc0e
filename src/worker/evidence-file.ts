// An evidence file as the Worker would serve it, checked before anything uses
// it: the query through the dispatcher's own argument checks, the value with
// the core's evidence parser, the stored size against the Worker's reader.
// scripts/evidence-put.ts (before any KV write) and the local MCP server's
// --evidence-dir (src/cli/evidence-dir.ts) both ask this one function.
import { createWritingToolDispatcher, parseModelComparisonEvidence } from '../core/index';
import type { ModelComparisonContext, ModelComparisonEvidence, ModelComparisonQuery } from '../core/dispatch/types';
import { MAX_EVIDENCE_UNITS, evidenceKey } from './evidence-reader';

/**
 * What a file holds: its KV key and value as stored, or the first problem.
 * `key` is set on a problem too when the file's query is valid, so a reader
 * can still tell which scope the broken file was meant for.
 */
export type EvidenceFileCheck =
  | { readonly ok: true; readonly key: string; readonly value: string }
  | { readonly ok: false; readonly key?: string; readonly message: string };

/** Checks the text of one evidence file, named `label` in messages, under the host's `context`. */
export async function checkEvidenceFile(label: string, text: string, context: ModelComparisonContext): Promise<EvidenceFileCheck> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${label}: not readable as JSON (${(err as Error).message})` };
  }
  const query = (value as { query?: unknown } | null)?.query;
  const dispatcher = createWritingToolDispatcher({
    modelComparisonContext: context,
    getModelComparisonEvidence: async () => value as ModelComparisonEvidence,
  });
  const result = await dispatcher.dispatch({ name: 'get_model_comparison_evidence', arguments: query ?? {} });
  if (!result.ok && result.error.code === 'invalid-arguments')
    return { ok: false, message: `${label}: invalid query: ${result.error.message}` };
  const key = evidenceKey(query as ModelComparisonQuery);
  const parsed = parseModelComparisonEvidence(value, query as ModelComparisonQuery, context);
  if (!parsed.ok) return { ok: false, key, message: `${label}: ${parsed.message}` };
  if (!result.ok) return { ok: false, key, message: `${label}: ${result.error.message}` };
  const stored = JSON.stringify(value);
  // The Worker's reader refuses a longer value without parsing it.
  if (stored.length > MAX_EVIDENCE_UNITS) {
    return {
      ok: false,
      key,
      message: `${label}: stored as JSON it takes ${stored.length} UTF-16 units; the Worker reads at most ${MAX_EVIDENCE_UNITS}`,
    };
  }
  return { ok: true, key, value: stored };
}
