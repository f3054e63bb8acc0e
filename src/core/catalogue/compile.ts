// Compiles the signal records as written into what the scanner runs: every
// generated form (variants.ts) and one regex source per record. The build runs
// it to check each record (linear time, examples) and writes every record's
// forms into the bundled catalogue, so no process generates a form; the
// bundled catalogue makes a record's regex source from its forms, with the
// same compiler, only when something reads it.
import type { CatalogueAsBuilt, CompiledCatalogue, CompiledPhrasePair, CompiledSignalRecord, SignalRecordAsWritten, SignalRecordForms } from './compiled-types';
import { compileRecordSource, RECORD_FLAGS } from '../scanner/phrase-pattern';
import { generatePatterns } from './variants';
import { deepFreeze, deepFreezeJson, onFirstRead } from '../dispatch/freeze';
import type { Language, RuleId, SignalLevel } from './ids';
import type { SignalRecordSource } from './files-schema';

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

/** The record as the generated module carries it: every form and guard, without the regex source its forms compile to. */
export function signalRecordForms(record: CompiledSignalRecord): SignalRecordForms {
  const { source, flags, ...forms } = record;
  return forms;
}

/**
 * The catalogue with each signal record's regex source made from its forms
 * when first read, not when the module loads: the scanner confirms with
 * regexes of a few forms each and never reads it, so a process compiles none.
 * `built` is data parsed from JSON (the generated module's), frozen in place
 * all the way down, so views of it need not copy it.
 */
export function compileCatalogue(built: CatalogueAsBuilt): CompiledCatalogue {
  const signalRecords = built.signalRecords.map((record) => {
    const given = deepFreezeJson({ ...record, flags: RECORD_FLAGS, pairs: record.pairs ?? [] });
    const compiled = Object.freeze(Object.defineProperty({ ...given }, 'source', onFirstRead(() => compileRecordSource(given)))) as CompiledSignalRecord;
    builtByCompiler.add(compiled);
    return compiled;
  });
  if (built.candidateAutomata) candidatesBuiltFor.set(signalRecords, built.candidateAutomata);
  const { signalRecords: _written, ...rest } = built;
  return { ...deepFreezeJson(rest), signalRecords };
}

/**
 * A frozen copy of `record`, each generated field (forms, source) copied when
 * first read, so copying compiles nothing. A copy of a record compileCatalogue
 * made counts as made by it.
 */
export function frozenCopyOnFirstUse(record: CompiledSignalRecord): CompiledSignalRecord {
  // A record compileCatalogue made is frozen all the way down: it is its own copy.
  if (builtByCompiler.has(record) && Object.isFrozen(record)) return record;
  // Keys are listed without reading the generated fields, which would compile them.
  const fields = Object.keys(record).filter((key) => !GENERATED.has(key));
  const given = deepFreeze(structuredClone(Object.fromEntries(fields.map((key) => [key, record[key as keyof CompiledSignalRecord]])))) as Omit<
    CompiledSignalRecord,
    keyof CompiledParts
  >;
  const copied = (key: keyof CompiledParts) => onFirstRead(() => deepFreeze(structuredClone(record[key])));
  const copy = Object.freeze(Object.defineProperties({ ...given }, { phrases: copied('phrases'), pairs: copied('pairs'), source: copied('source') })) as CompiledSignalRecord;
  if (builtByCompiler.has(record)) builtByCompiler.add(copy);
  return copy;
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
