// The shape of the compiled catalogue module that the build writes to
// `catalogue.generated.ts` and every face of the service bundles.
import type { Language, ProfileId, RuleId } from './ids';
import type { CatalogueSource, RuleRecord } from './schema';

/** Phrase A, then phrase B within at most `within` words of the same sentence. */
export interface CompiledPhrasePair {
  /** Every form the first part matches, longest first. */
  readonly first: readonly string[];
  /** Every form the second part matches, longest first. */
  readonly then: readonly string[];
  readonly within: number;
}

/**
 * One regex record, compiled at build time from its literal phrases, bounded
 * pairs and the variants generated from them.
 */
export interface CompiledSignalRecord {
  /** The pattern ID reported on each signal, e.g. `word-choice.en`. */
  readonly id: string;
  readonly ruleId: RuleId;
  readonly language: Language;
  /**
   * Every literal form the record matches, longest first: the phrases as
   * written plus every generated variant (contractions, inflections, verb-final
   * order), so a reviewer sees exactly what is matched.
   */
  readonly phrases: readonly string[];
  /** Bounded pairs, with every generated form of each part; absent or empty when the record has none. */
  readonly pairs?: readonly CompiledPhrasePair[];
  /** Regex source: whole-word, Unicode-aware boundaries; use with `flags`. */
  readonly source: string;
  readonly flags: string;
}

export interface CompiledCatalogue {
  /** `<release>+<content hash>`; changes with any content change. */
  readonly catalogueVersion: string;
  /** Rule records in catalogue order. */
  readonly rules: readonly RuleRecord[];
  readonly profiles: Readonly<Record<ProfileId, readonly RuleId[]>>;
  /** Every source any rule cites, sorted by id. */
  readonly sources: readonly CatalogueSource[];
  /** Sixteen records: the eight scannable rules, English and German. */
  readonly signalRecords: readonly CompiledSignalRecord[];
}
