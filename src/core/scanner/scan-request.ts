// The request both scanners (fast and reference) answer.
import type { Language, RuleId } from '../catalogue/ids';

/** Text to scan, its language and the rules whose records apply. */
export interface ScanRequest {
  readonly text: string;
  readonly language: Language;
  readonly ruleIds: readonly RuleId[];
  /**
   * Optional: the caller keeps at most this many signals. The scanner may then
   * stop early and return only the first `limit + 1` signals in order, enough
   * to tell that more than `limit` exist. Without it, every signal is returned.
   */
  readonly limit?: number;
}
