// The signal shape the scanner reports (CONTRACT section 6).
import type { RuleId } from '../catalogue/ids';

/** One surface cue found in the text; always needs a reviewer's judgment. */
export interface WritingSignal {
  readonly ruleId: RuleId;
  readonly patternId: string;
  readonly kind: 'surface-cue';
  readonly quote: string;
  /** Inclusive UTF-16 offset into the text. */
  readonly start: number;
  /** Exclusive UTF-16 offset: `text.slice(start, end) === quote`. */
  readonly end: number;
  readonly encoding: 'utf16';
  readonly reviewRequired: true;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column in UTF-16 units. */
  readonly column: number;
}
