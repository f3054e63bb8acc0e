// Compiles the signal records as written into what the scanner runs: every
// generated form (variants.ts) and one regex source per record. The build runs
// it to check each record (linear time, examples) and the bundled catalogue
// runs it when it loads, so the bundle carries the short lists a writer wrote
// rather than every form, and both sides share one compiler.
import type { CatalogueAsWritten, CompiledCatalogue, CompiledPhrasePair, CompiledSignalRecord, SignalRecordAsWritten } from './compiled-types';
import { compileRecordSource, RECORD_FLAGS } from '../scanner/phrase-pattern';
import { generatePatterns } from './variants';

/** One record with every form it matches and its regex source (use with `flags`); `pairs` always present. */
export function compileSignalRecord(record: SignalRecordAsWritten): CompiledSignalRecord & { readonly pairs: readonly CompiledPhrasePair[] } {
  const { phrases, pairs } = generatePatterns(record, record.language);
  return {
    id: record.id,
    ruleId: record.ruleId,
    language: record.language,
    phrases,
    pairs,
    ...(record.notAfter ? { notAfter: record.notAfter } : {}),
    ...(record.notAfterInClause ? { notAfterInClause: record.notAfterInClause } : {}),
    source: compileRecordSource({ phrases, pairs, notAfter: record.notAfter, notAfterInClause: record.notAfterInClause }),
    flags: RECORD_FLAGS,
  };
}

/** The catalogue with its signal records compiled; everything else as given. */
export function compileCatalogue(written: CatalogueAsWritten): CompiledCatalogue {
  return { ...written, signalRecords: written.signalRecords.map(compileSignalRecord) };
}

/** The record as the generated module carries it: the pattern fields a writer wrote, nothing generated. */
export function signalRecordAsWritten(record: SignalRecordAsWritten): SignalRecordAsWritten {
  const { id, ruleId, language, phrases, adjectives, attributive, verbSecond, pairs, notAfter, notAfterInClause } = record;
  return { id, ruleId, language, phrases, adjectives, attributive, verbSecond, pairs, notAfter, notAfterInClause };
}
