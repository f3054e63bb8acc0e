// Compiles the signal records as written into what the scanner runs: every
// generated form (variants.ts) and one regex source per record. The build runs
// it to check each record (linear time, examples) and writes every record's
// forms into the bundled catalogue, packed into strings, so no process
// generates a form; the bundled catalogue splits a record's forms when first
// read, and makes its regex source from them, with the same compiler, only
// when something reads it.
import type {
  CatalogueAsBuilt,
  CompiledCatalogue,
  CompiledPhrasePair,
  CompiledSignalRecord,
  SignalRecordAsShipped,
  SignalRecordAsWritten,
} from './compiled-types';
import { compileRecordSource, RECORD_FLAGS } from '../scanner/phrase-pattern';
import { generatePatterns } from './variants';
import { deepFreeze, deepFreezeJson, onFirstCall, onFirstRead } from '../dispatch/freeze';
import type { Language, RuleId, SignalLevel } from './ids';
import type { SignalRecordSource } from './files-schema';

/** One record with every form it matches and its regex source (use with `flags`); `pairs` always present. */
export function compileSignalRecord(
  record: SignalRecordAsWritten,
): CompiledSignalRecord & { readonly pairs: readonly CompiledPhrasePair[] } {
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

// The separators of a shipped record's forms: regex syntax, which no form
// holds (files-schema.ts `literal`; generated forms add only apostrophes).
const FORM = '|';
const PART = '^';
const PAIR = '$';

function joined(forms: readonly string[], what: string): string {
  for (const form of forms) {
    if (form.includes(FORM) || form.includes(PART) || form.includes(PAIR))
      throw new Error(`${what}: the form ${JSON.stringify(form)} holds a separator (| ^ $)`);
    // A list of one empty form would pack as no form at all.
    if (form === '') throw new Error(`${what}: an empty form cannot be packed`);
  }
  return forms.join(FORM);
}

const split = (forms: string): string[] => (forms === '' ? [] : forms.split(FORM));

/**
 * The record as the generated module carries it: every guard, and its forms
 * packed into two strings, without the regex source its forms compile to.
 * `unpackSignalForms` gives the forms back exactly.
 */
export function packSignalForms(record: CompiledSignalRecord): SignalRecordAsShipped {
  const { source, flags, phrases, pairs = [], ...guards } = record;
  const { id, ruleId, language, level, ...rest } = guards;
  return {
    id,
    ruleId,
    language,
    level,
    phrases: joined(phrases, record.id),
    pairs: pairs.map((pair) => `${pair.within}${PART}${joined(pair.first, record.id)}${PART}${joined(pair.then, record.id)}`).join(PAIR),
    ...rest,
  };
}

/** A shipped record's forms as arrays: its phrases, longest first, and its pairs. */
export function unpackSignalForms(
  shipped: Pick<SignalRecordAsShipped, 'phrases' | 'pairs'>,
): Pick<CompiledSignalRecord, 'phrases'> & { readonly pairs: CompiledPhrasePair[] } {
  return {
    phrases: split(shipped.phrases),
    pairs:
      shipped.pairs === ''
        ? []
        : shipped.pairs.split(PAIR).map((pair) => {
            const [within, first, then] = pair.split(PART) as [string, string, string];
            return {
              first: split(first),
              // biome-ignore lint/suspicious/noThenProperty: an array, never a function, so the pair is not thenable
              then: split(then),
              within: Number(within),
            };
          }),
  };
}

/**
 * The catalogue with each signal record's forms split from their strings when
 * first read, and its regex source made from them when first read, not when
 * the module loads: a scan splits the forms of its language's records only,
 * and confirms with regexes of a few forms each, never reading the source, so
 * a process compiles none. `built` is data parsed from JSON (the generated
 * module's), frozen in place all the way down, so views of it need not copy it.
 */
export function compileCatalogue(built: CatalogueAsBuilt): CompiledCatalogue {
  const signalRecords = built.signalRecords.map((shipped) => {
    const { id, ruleId, language, level, phrases, pairs, ...guards } = deepFreezeJson(shipped);
    const forms = onFirstCall(() => deepFreezeJson(unpackSignalForms({ phrases, pairs })));
    // Keys in the order compileSignalRecord gives them: the forms, the guards, the flags, the source.
    const record = Object.defineProperties({ id, ruleId, language, level } as CompiledSignalRecord, {
      phrases: { enumerable: true, get: () => forms().phrases },
      pairs: { enumerable: true, get: () => forms().pairs },
    });
    Object.assign(record, guards, { flags: RECORD_FLAGS });
    const compiled = Object.freeze(
      Object.defineProperty(
        record,
        'source',
        onFirstRead(() => compileRecordSource(record)),
      ),
    ) as CompiledSignalRecord;
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
  const given = deepFreeze(
    structuredClone(Object.fromEntries(fields.map((key) => [key, record[key as keyof CompiledSignalRecord]]))),
  ) as Omit<CompiledSignalRecord, keyof CompiledParts>;
  const copied = (key: keyof CompiledParts) => onFirstRead(() => deepFreeze(structuredClone(record[key])));
  const copy = Object.freeze(
    Object.defineProperties({ ...given }, { phrases: copied('phrases'), pairs: copied('pairs'), source: copied('source') }),
  ) as CompiledSignalRecord;
  if (builtByCompiler.has(record)) builtByCompiler.add(copy);
  return copy;
}

/** Whether a record or suggestion block as written lists any form to match. */
export function hasForms(
  written: Pick<SignalRecordSource, 'phrases' | 'adjectives' | 'attributive' | 'verbSecond' | 'pairs' | 'numericComparisons'>,
): boolean {
  return [written.phrases, written.adjectives, written.attributive, written.verbSecond, written.pairs, written.numericComparisons].some(
    (list) => (list?.length ?? 0) > 0,
  );
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
    const inherited = Object.fromEntries(
      INHERITED_GUARDS.filter((kind) => suggestion[kind] === undefined && record[kind] !== undefined).map((kind) => [kind, record[kind]]),
    );
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
