// Compiles the signal records as written into what the scanner runs: every
// generated form (variants.ts) and one regex source per record. The build runs
// it to check each record (linear time, examples) and the bundled catalogue
// runs it when it loads, so the bundle carries the short lists a writer wrote
// rather than every form, and both sides share one compiler.
import type { CatalogueAsWritten, CompiledCatalogue, CompiledPhrasePair, CompiledSignalRecord, SignalRecordAsWritten } from './compiled-types';
import { compileRecordSource, RECORD_FLAGS } from '../scanner/phrase-pattern';
import { generatePatterns } from './variants';
import { deepFreeze } from '../dispatch/freeze';
import type { Language, RuleId, SignalLevel } from './ids';
import type { SignalRecordSource } from './schema';

/** One record with every form it matches and its regex source (use with `flags`); `pairs` always present. */
export function compileSignalRecord(record: SignalRecordAsWritten): CompiledSignalRecord & { readonly pairs: readonly CompiledPhrasePair[] } {
  const { phrases, pairs } = generatePatterns(record, record.language);
  return {
    id: record.id,
    ruleId: record.ruleId,
    language: record.language,
    level: record.level,
    phrases,
    pairs,
    ...(record.notAfter ? { notAfter: record.notAfter } : {}),
    ...(record.notAfterInClause ? { notAfterInClause: record.notAfterInClause } : {}),
    ...(record.notBeforeInClause ? { notBeforeInClause: record.notBeforeInClause } : {}),
    ...(record.notInGap ? { notInGap: record.notInGap } : {}),
    ...(record.numericComparisons ? { numericComparisons: record.numericComparisons } : {}),
    source: compileRecordSource({
      phrases,
      pairs,
      numericComparisons: record.numericComparisons,
      notAfter: record.notAfter,
      notAfterInClause: record.notAfterInClause,
      notBeforeInClause: record.notBeforeInClause,
      notInGap: record.notInGap,
    }),
    flags: RECORD_FLAGS,
  };
}

/** What compiling a record generates: its forms and its regex source. */
export type CompiledParts = Pick<CompiledSignalRecord, 'phrases' | 'pairs' | 'source'>;
const GENERATED: ReadonlySet<string> = new Set<keyof CompiledParts>(['phrases', 'pairs', 'source']);

/**
 * A record whose forms and source are made by `compile` when any of them is
 * first read, once; its other fields are `given`. Reading the generated
 * fields (a scan of its language, a structured clone, JSON) compiles it.
 */
export function compiledOnFirstUse(given: Omit<CompiledSignalRecord, keyof CompiledParts>, compile: () => CompiledParts): CompiledSignalRecord {
  let parts: CompiledParts | undefined;
  const part = (key: keyof CompiledParts): PropertyDescriptor => ({
    enumerable: true,
    get: () => {
      parts ??= compile();
      return parts[key];
    },
  });
  return Object.defineProperties({ ...given }, { phrases: part('phrases'), pairs: part('pairs'), source: part('source') }) as CompiledSignalRecord;
}

// Records compileCatalogue made, and frozen copies of them: their source is
// what their forms compile to by construction, and nothing can change either,
// so the scanner need not compile the source again to check.
const builtByCompiler = new WeakSet<CompiledSignalRecord>();

/** Whether `record` came from compileCatalogue (or is a copy of one): its source is compileRecordSource of its forms. */
export function isBuiltByCompiler(record: CompiledSignalRecord): boolean {
  return builtByCompiler.has(record);
}

// The build writes each language's candidate for the records beside it. It
// holds for exactly those records: a catalogue that keeps the candidates but
// swaps its records (`{ ...catalogue, signalRecords: mine }`) would have the
// scanner skip every phrase the candidates do not know.
const candidatesBuiltFor = new WeakMap<readonly CompiledSignalRecord[], NonNullable<CompiledCatalogue['candidateAutomata']>>();

/** `catalogue.candidateAutomata` if the build wrote them for these very records, else undefined (the scanner then builds its own). */
export function prebuiltCandidateAutomata(catalogue: CompiledCatalogue): CompiledCatalogue['candidateAutomata'] {
  const automata = candidatesBuiltFor.get(catalogue.signalRecords);
  return automata !== undefined && automata === catalogue.candidateAutomata ? automata : undefined;
}

/**
 * The catalogue with each signal record compiled when it is first used, not
 * when the module loads: a process that scans only English never generates
 * the German forms, and the first call does not wait for them.
 */
export function compileCatalogue(written: CatalogueAsWritten): CompiledCatalogue {
  const signalRecords = written.signalRecords.map((record) => {
    // Everything but the lists variants.ts expands: id, rule, language, guards.
    const { phrases, adjectives, attributive, verbSecond, pairs, ...fields } = record;
    const given = deepFreeze(structuredClone({ ...fields, flags: RECORD_FLAGS }));
    const compiled = Object.freeze(
      compiledOnFirstUse(given, () => {
        const { phrases, pairs, source } = compileSignalRecord(record);
        return deepFreeze({ phrases, pairs, source });
      }),
    );
    builtByCompiler.add(compiled);
    return compiled;
  });
  if (written.candidateAutomata) candidatesBuiltFor.set(signalRecords, written.candidateAutomata);
  return { ...written, signalRecords };
}

/**
 * A frozen copy of `record`, its forms and source copied when first read (so
 * copying compiles nothing). A copy of a record compileCatalogue made counts
 * as made by it.
 */
export function frozenCopyOnFirstUse(record: CompiledSignalRecord): CompiledSignalRecord {
  // Keys are listed without reading the generated fields, which would compile them.
  const fields = Object.keys(record).filter((key) => !GENERATED.has(key));
  const given = deepFreeze(structuredClone(Object.fromEntries(fields.map((key) => [key, record[key as keyof CompiledSignalRecord]])))) as Omit<
    CompiledSignalRecord,
    keyof CompiledParts
  >;
  const copy = Object.freeze(
    compiledOnFirstUse(given, () => {
      const { phrases, pairs, source } = record;
      return deepFreeze(structuredClone({ phrases, pairs, source }));
    }),
  );
  if (builtByCompiler.has(record)) builtByCompiler.add(copy);
  return copy;
}

/** The record as the generated module carries it: the pattern fields a writer wrote, nothing generated. */
export function signalRecordAsWritten(record: SignalRecordAsWritten): SignalRecordAsWritten {
  const { id, ruleId, language, level, phrases, adjectives, attributive, verbSecond, pairs, numericComparisons, notAfter, notAfterInClause, notBeforeInClause, notInGap } = record;
  return { id, ruleId, language, level, phrases, adjectives, attributive, verbSecond, pairs, numericComparisons, notAfter, notAfterInClause, notBeforeInClause, notInGap };
}

/** Whether a record or suggestion block as written lists any form to match. */
export function hasForms(written: Pick<SignalRecordSource, 'phrases' | 'adjectives' | 'attributive' | 'verbSecond' | 'pairs' | 'numericComparisons'>): boolean {
  return [written.phrases, written.adjectives, written.attributive, written.verbSecond, written.pairs, written.numericComparisons].some((list) => (list?.length ?? 0) > 0);
}

/** The guard kinds a `suggestion:` block inherits from its record when it does not give them. */
const INHERITED_GUARDS = ['notAfter', 'notAfterInClause', 'notBeforeInClause', 'notInGap'] as const;

/** A language record as the scanner runs it: its patterns, examples and level. */
export type LeveledRecordSource = Omit<SignalRecordSource, 'suggestion' | 'matches' | 'nonMatches'> & {
  readonly matches: NonNullable<SignalRecordSource['matches']>;
  readonly nonMatches: NonNullable<SignalRecordSource['nonMatches']>;
  readonly ruleId: RuleId;
  readonly language: Language;
  readonly level: SignalLevel;
};

/**
 * The records one language record of catalogue/signals/ makes, in catalogue
 * order: the record itself at the `warning` level, then its `suggestion:`
 * block, if any, as the record `<id>.suggestion` at the `suggestion` level,
 * with each guard kind it does not give taken from the record.
 */
export function levelRecordsOf(written: SignalRecordSource, ruleId: RuleId, language: Language): LeveledRecordSource[] {
  const { suggestion, ...record } = written;
  // A record whose forms are all suggestions makes no warning record.
  const records: LeveledRecordSource[] = hasForms(record)
    ? [{ ...record, matches: record.matches ?? [], nonMatches: record.nonMatches ?? [], ruleId, language, level: 'warning' }]
    : [];
  if (suggestion) {
    const inherited = Object.fromEntries(INHERITED_GUARDS.filter((kind) => suggestion[kind] === undefined && record[kind] !== undefined).map((kind) => [kind, record[kind]]));
    records.push({
      ...inherited,
      ...suggestion,
      id: `${record.id}.suggestion`,
      matches: suggestion.matches ?? [],
      nonMatches: suggestion.nonMatches ?? [],
      ruleId,
      language,
      level: 'suggestion',
    });
  }
  return records;
}
