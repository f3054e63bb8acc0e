// The compiled catalogue as the tools read it: a frozen copy with lookups and
// the scanner built once. The dispatcher creates one view per catalogue.
import type { CompiledCatalogue, CompiledSignalRecord } from './compiled-types';
import type { Language, ProfileId, RuleId } from './ids';
import type { CatalogueSource, RuleRecord } from './schema';
import type { ScanRequest } from '../scanner/scan-request';
import type { WritingSignal } from '../scanner/types';
import { deepFreeze, isDeeplyFrozen } from '../dispatch/freeze';
import { frozenCopyOnFirstUse, prebuiltCandidateAutomata } from './compile';

/** One scan over `text`: the signals of `ruleIds` in `language`, sorted (see ScanRequest's `limit`). */
export type SignalScan = (request: ScanRequest) => WritingSignal[];

/** Builds a scan from the catalogue's compiled records and its prebuilt candidates, if any (the scanner module). */
export type SignalScannerFactory = (
  records: readonly CompiledSignalRecord[],
  candidateAutomata?: CompiledCatalogue['candidateAutomata'],
) => SignalScan;

export interface CatalogueView {
  readonly catalogueVersion: string;
  /** Rule records in catalogue order, frozen. */
  readonly rules: readonly RuleRecord[];
  readonly ruleById: ReadonlyMap<RuleId, RuleRecord>;
  readonly ruleOrder: ReadonlyMap<RuleId, number>;
  readonly profiles: Readonly<Record<ProfileId, readonly RuleId[]>>;
  readonly sources: readonly CatalogueSource[];
  /** Rules with a scanner record, per language. */
  readonly scannable: ReadonlyMap<Language, ReadonlySet<RuleId>>;
  readonly scan: SignalScan;
}

/** A frozen, indexed copy of `catalogue` with its scanner. */
export function createCatalogueView(catalogue: CompiledCatalogue, createScanner: SignalScannerFactory): CatalogueView {
  const { signalRecords, ...rest } = catalogue;
  // The bundled catalogue comes frozen all the way down (compile.ts): nothing to copy.
  const frozen = Object.values(rest).every((value) => typeof value !== 'object' || value === null || isDeeplyFrozen(value));
  const copy = frozen ? rest : deepFreeze(structuredClone(rest));
  // Each record is copied when the scanner first reads its forms, so that
  // creating the view compiles none (compile.ts compiles on first use); one
  // compile.ts made, frozen all the way down, is used as it is.
  const records = signalRecords.map(frozenCopyOnFirstUse);
  const scannable = new Map<Language, Set<RuleId>>();
  for (const record of records) {
    const rules = scannable.get(record.language) ?? new Set<RuleId>();
    rules.add(record.ruleId);
    scannable.set(record.language, rules);
  }
  return Object.freeze({
    catalogueVersion: copy.catalogueVersion,
    rules: copy.rules,
    ruleById: new Map(copy.rules.map((rule) => [rule.id, rule] as const)),
    ruleOrder: new Map(copy.rules.map((rule, index) => [rule.id, index] as const)),
    profiles: copy.profiles,
    sources: copy.sources,
    scannable,
    scan: createScanner(records, prebuiltCandidateAutomata(catalogue)),
  });
}
