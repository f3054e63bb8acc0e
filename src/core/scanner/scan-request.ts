// The request both scanners (fast and reference) answer.
import type { Language, RuleId } from '../catalogue/ids';

/** Text to scan, its language and the rules whose records apply. */
export interface ScanRequest {
  readonly text: string;
  readonly language: Language;
  readonly ruleIds: readonly RuleId[];
}
