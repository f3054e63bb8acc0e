// The shapes of the catalogue: as the build writes it to
// `catalogue.generated.ts` (signal records as written), and compiled, as every
// face of the service reads it (compile.ts generates the forms and regexes).
import type { GapGuardWords, GuardWords, NumericComparison } from '../scanner/phrase-pattern';
import type { Language, ProfileId, RuleId, SignalLevel } from './ids';
import type { CatalogueSource, RuleRecord } from './schema';
import type { SignalPatternsAsWritten } from './variants';

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
  /** The pattern ID reported on each signal, e.g. `word-choice.en` or `meta-framing.en.suggestion`. */
  readonly id: string;
  readonly ruleId: RuleId;
  readonly language: Language;
  /** The level of every signal the record reports: `suggestion` for a record's `suggestion:` block, else `warning`. */
  readonly level: SignalLevel;
  /**
   * Every literal form the record matches, longest first: the phrases as
   * written plus every generated variant (contractions, inflections, verb-final
   * order), so a reviewer sees exactly what is matched.
   */
  readonly phrases: readonly string[];
  /** Bounded pairs, with every generated form of each part; absent or empty when the record has none. */
  readonly pairs?: readonly CompiledPhrasePair[];
  /** Guard words: no match is reported right after one of them (phrase-pattern.ts GuardWords). */
  readonly notAfter?: GuardWords;
  /** Guard words that reach further back in the same clause (phrase-pattern.ts RecordPatterns). */
  readonly notAfterInClause?: GuardWords;
  /** Guard words that back or limit the match from after it, in the same clause (phrase-pattern.ts RecordPatterns). */
  readonly notBeforeInClause?: GuardWords;
  /** Words that may not stand in the gap of a pair (phrase-pattern.ts RecordPatterns). */
  readonly notInGap?: GapGuardWords;
  /** Comparison words with a number near them, as written (phrase-pattern.ts NumericComparison). */
  readonly numericComparisons?: readonly NumericComparison[];
  /** Regex source: whole-word, Unicode-aware boundaries; use with `flags`. */
  readonly source: string;
  readonly flags: string;
}

/**
 * One signal record as written in catalogue/signals/, without its examples,
 * notes and sources; a `suggestion:` block is a record of its own, with the
 * guards it inherits (compile.ts `levelRecordsOf`).
 */
export interface SignalRecordAsWritten extends SignalPatternsAsWritten {
  readonly id: string;
  readonly ruleId: RuleId;
  readonly language: Language;
  readonly level: SignalLevel;
}

export interface CompiledCatalogue {
  /** `<release>+<content hash>`; changes with any content change. */
  readonly catalogueVersion: string;
  /** Rule records in catalogue order. */
  readonly rules: readonly RuleRecord[];
  readonly profiles: Readonly<Record<ProfileId, readonly RuleId[]>>;
  /** Every source any rule cites, sorted by id. */
  readonly sources: readonly CatalogueSource[];
  /** Per scannable rule, English then German, each language's record followed by its suggestion record if it has one. */
  readonly signalRecords: readonly CompiledSignalRecord[];
  /**
   * Per language, the scanner's shared candidate for these records, serialised
   * (scanner/scan.ts `candidateAutomatonOf`). The build writes it, so a
   * process neither builds a trie of every form nor compiles a large regex
   * before its first answer. Where it is absent, the scanner builds it from
   * the records.
   */
  readonly candidateAutomata?: Readonly<Partial<Record<Language, string>>>;
}

/** A compiled record as the build writes it: every form and guard, without the regex source its forms compile to (compile.ts makes it when read). */
export type SignalRecordForms = Omit<CompiledSignalRecord, 'source' | 'flags'>;

/**
 * A record as the generated module ships it: its forms packed into two
 * strings (compile.ts `packSignalForms`), split into arrays only when a scan
 * or a reader first reads them; its guards as written.
 */
export interface SignalRecordAsShipped extends Omit<SignalRecordForms, 'phrases' | 'pairs'> {
  /** Every form, longest first, joined by `|` (no form holds one: the catalogue's literals hold no regex syntax). */
  readonly phrases: string;
  /** Each pair as `<within>^<first's forms joined by |>^<then's forms joined by |>`, the pairs joined by `$`. */
  readonly pairs: string;
}

/**
 * The catalogue as the build writes it: checked, with every rule, source and
 * profile as served, and the signal records with every generated form. Their
 * regex sources, as long as the forms again, are left to compile.ts.
 */
export interface CatalogueAsBuilt extends Omit<CompiledCatalogue, 'signalRecords'> {
  /** The records, in the order of `CompiledCatalogue.signalRecords`. */
  readonly signalRecords: readonly SignalRecordAsShipped[];
}
