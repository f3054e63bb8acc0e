// The Worker's evidence callback for the dispatcher: one bounded KV read per
// call. The dispatcher validates whatever this returns; this module only maps
// storage outcomes (docs/api-reference.md#get_model_comparison_evidence).
// Also the KV key scheme (docs/api-reference.md#evidence-rules), shared with
// scripts/evidence-put.ts, the only writer.
import { missingEvidence } from '../core/index';
import type { ModelComparisonEvidence, ModelComparisonQuery } from '../core/dispatch/types';
import type { ReadOnlyKv } from './host';

/** `evidence/{language}/{profile}/{role}/{cohortId}` */
export function evidenceKey(query: ModelComparisonQuery): string {
  return `evidence/${query.language}/${query.profile}/${query.role}/${query.cohortId}`;
}

/** A read that has not answered by then counts as a KV failure. */
export const EVIDENCE_READ_TIMEOUT_MS = 2_000;
/** Longest stored value the reader parses, in UTF-16 units (1 Mi). */
export const MAX_EVIDENCE_UNITS = 1024 * 1024;

/** How the reader reads; the host sets the cache lifetime (EVIDENCE_CACHE_TTL_SECONDS). */
export interface EvidenceReadOptions {
  /** Seconds a Cloudflare location may keep a value it has read before asking KV again (60 or more). */
  readonly cacheTtlSeconds: number;
}

/**
 * Reads the evidence stored for a query. A missing key answers `evidence-missing`;
 * a KV failure or a read over the deadline rejects (the dispatcher reports
 * `host-evidence-failed`). A value that is not JSON, or longer than
 * `MAX_EVIDENCE_UNITS`, is handed on unparsed as its text, which the
 * dispatcher refuses as `invalid-host-evidence` like any other invalid value.
 */
export function createEvidenceReader(kv: ReadOnlyKv, { cacheTtlSeconds }: EvidenceReadOptions) {
  return async function readEvidence(query: ModelComparisonQuery): Promise<ModelComparisonEvidence> {
    const key = evidenceKey(query);
    const text = await withDeadline(kv.get(key, { type: 'text', cacheTtl: cacheTtlSeconds }), EVIDENCE_READ_TIMEOUT_MS);
    if (text === null) return missingEvidence(query, 'not-stored');
    if (text.length > MAX_EVIDENCE_UNITS) return text as unknown as ModelComparisonEvidence;
    return parseJsonOrRaw(text) as ModelComparisonEvidence;
  };
}

function withDeadline<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`evidence read took longer than ${ms} ms`)), ms);
  });
  return Promise.race([read, deadline]).finally(() => timer !== undefined && clearTimeout(timer));
}

function parseJsonOrRaw(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
