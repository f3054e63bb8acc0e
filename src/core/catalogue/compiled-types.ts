// The shape of the compiled catalogue module that the build writes to
// `catalogue.generated.ts` and every face of the service bundles.
import type { Language, ProfileId, RuleId } from './ids';
import type { CatalogueSource, RuleRecord } from './schema';

/** One regex record, compiled at build time from its literal phrases. */
export interface CompiledSignalRecord {
  /** The pattern ID reported on each signal, e.g. `word-choice.en`. */
  readonly id: string;
  readonly ruleId: RuleId;
  readonly language: Language;
  /** Literal phrases, longest first, as written in the catalogue. */
  readonly phrases: readonly string[];
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
