// The request both scanners (fast and reference) answer, and the records it selects.
import type { CompiledSignalRecord } from '../catalogue/compiled-types';
import { meetsLevel, type Language, type RuleId, type SignalLevel } from '../catalogue/ids';

/** Text to scan, its language and the rules whose records apply. */
export interface ScanRequest {
  readonly text: string;
  readonly language: Language;
  readonly ruleIds: readonly RuleId[];
  /**
   * Optional: the lowest level scanned. Records below it are not run at all;
   * without it, every level is.
   */
  readonly minLevel?: SignalLevel;
  /**
   * Optional: the caller keeps at most this many signals. The scanner may then
   * stop early and return only the first `limit + 1` signals in order, enough
   * to tell that more than `limit` exist. Without it, every signal is returned.
   */
  readonly limit?: number;
}

/** The records a request runs, in their order: its language, its rules, its levels. */
export function selectRecords(
  records: readonly CompiledSignalRecord[],
  request: Omit<ScanRequest, 'text' | 'limit'>,
): CompiledSignalRecord[] {
  const selected = new Set<string>(request.ruleIds);
  const { language, minLevel } = request;
  return records.filter(
    (r) => r.language === language && selected.has(r.ruleId) && (minLevel === undefined || meetsLevel(r.level, minLevel)),
  );
}
