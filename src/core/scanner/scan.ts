// The static scanner behind `find_writing_signals`. It returns exactly what
// reference-scan.ts returns, faster: one candidate per language (a trie the
// build writes as data, candidate-automaton.ts) finds every place a phrase or
// the first part of a pair could start and which records' branches start
// there, and only there does each of those records' own filter, then its own
// regex, decide. The core's find-signals tool calls it.
import type { Language, RuleId, SignalLevel } from '../catalogue/ids';
import { isBuiltByCompiler } from '../catalogue/compile';
import { markBlockBoundaries } from './block-boundaries';
import type { CompiledSignalRecord } from '../catalogue/compiled-types';
import { type CandidateAutomaton, canonicalUnit, loadCandidateAutomaton, serializeCandidateAutomaton } from './candidate-automaton';
import { compileRecordHeadPattern } from './candidate-pattern';
import { foldTextUnicodeOnly, foldUnicodeOnly } from './case-fold';
import { createLineIndex } from './line-index';
import { readProse } from './non-prose';
import { compileRecordSource, RECORD_FLAGS } from './phrase-pattern';
import { selectRecords, type ScanRequest } from './scan-request';
import { hasBothLevels, withoutCoveredSuggestions } from './level-overlap';
import { compareSignals } from './signal-order';
import type { WritingSignal } from './types';

export type { ScanRequest } from './scan-request';

/** Scans one text with the records of its language and the selected rules. */
export type SignalScanner = (request: ScanRequest) => WritingSignal[];

interface RecordRegexes {
  /**
   * The record's own regex, sticky, made of only the alternatives whose
   * first character can match a text character with this Canonicalize unit
   * (`openingUnit`), or null where none can: at an offset whose folded
   * character has that unit it decides exactly as the whole regex does
   * (see `openingRegexes`). Built at the first offset with that unit.
   */
  readonly stickyFor: (unit: number) => RegExp | null;
  /**
   * The record's own filter (compileRecordHeadPattern) for the folded text:
   * a cheap test (no `u` flag, no guards, a pair's second part by its
   * start) that must pass before the record's regex runs. Where hits of the
   * shared candidate only begin like the record (a pair's first part alone,
   * a long phrase cut short), it saves most of the confirming work. Asked with the
   * number of offsets about to be tried; null while the record's offsets so
   * far, these included, number HEAD_AFTER_TRIES or fewer: building a filter
   * takes longer than the record's regex takes at a few dozen offsets, and
   * the short text of a process's first call reaches most records only a few
   * times.
   */
  readonly head: (offsets: number) => RegExp | null;
}

/** One selected record on the fast path; its regexes are built at its first candidate. */
interface RecordMatcher {
  readonly index: number;
  readonly record: CompiledSignalRecord;
  regexes: RecordRegexes | undefined;
}

interface ScanPlan {
  /** Null when no record qualifies for the fast path. */
  readonly candidate: CandidateAutomaton | null;
  readonly matchers: readonly RecordMatcher[];
  /** By the candidate's record index (the language's fast records in order): the matcher, if that record is selected. */
  readonly byCandidateRecord: readonly (RecordMatcher | undefined)[];
  /** Records whose source is not the one their phrases compile to: run as is. */
  readonly standalone: readonly CompiledSignalRecord[];
  /** Whether some rule has records of both levels here (level-overlap.ts). */
  readonly bothLevels: boolean;
}

type Span = { ruleId: RuleId; patternId: string; level: SignalLevel; start: number; end: number };

// At how many offsets a record's regex runs without its filter before the
// filter is built: a 250,000-unit text reaches most records thousands of times.
const HEAD_AFTER_TRIES = 64;

/**
 * `make()`, built once, as soon as the uses asked for (this call's included)
 * exceed `tries`; null before.
 */
function builtAfter<T>(tries: number, make: () => T): (uses: number) => T | null {
  let left = tries;
  let value: T | undefined;
  return (uses) => {
    if (value !== undefined) return value;
    if (left >= uses) {
      left -= uses;
      return null;
    }
    value = make();
    return value;
  };
}

function stickyFlags(flags: string): string {
  return `${flags.replace('g', '')}y`;
}

/**
 * Whether a record takes the fast path: its source is what its phrases and
 * pairs compile to, with the standard flags. Any other record is run on its
 * own, as is.
 */
export function isFastPathRecord(record: CompiledSignalRecord): boolean {
  // Records compileCatalogue made are fast by construction (and frozen): compiling
  // their source again to check would cost a process's first call milliseconds.
  return record.flags === RECORD_FLAGS && (isBuiltByCompiler(record) || compileRecordSource(record) === record.source);
}

// One candidate per language serves every rule and level selection: it may stop where
// only an unselected record could match (those records have no matcher), and
// building one from the records takes tens of milliseconds, which a process
// should pay once per catalogue and language, not once per selection (the
// bundled catalogue brings its candidates built). Serialised candidates are
// kept by the records they were built from, loaded ones by their string.
const serializedCandidates = new Map<string, string>();
const loadedCandidates = new Map<string, CandidateAutomaton>();

/**
 * The serialised candidate (candidate-automaton.ts) of one language's records:
 * the phrases and pairs of those on the fast path, each branch marked with its
 * record's index among them. The build writes it into the bundled catalogue
 * (`CompiledCatalogue.candidateAutomata`).
 */
export function candidateAutomatonOf(records: readonly CompiledSignalRecord[]): string {
  const fast = records.filter(isFastPathRecord);
  const key = fast.map((r) => r.source).join('\u0000');
  let serialized = serializedCandidates.get(key);
  if (serialized === undefined) {
    serialized = serializeCandidateAutomaton(fast);
    serializedCandidates.set(key, serialized);
  }
  return serialized;
}

function loadedCandidate(serialized: string): CandidateAutomaton {
  let candidate = loadedCandidates.get(serialized);
  if (candidate === undefined) {
    candidate = loadCandidateAutomaton(serialized);
    loadedCandidates.set(serialized, candidate);
  }
  return candidate;
}

// A record's own regexes do not depend on the rule selection: every plan with
// the record shares them (every dispatcher of the bundled catalogue shares
// one copy of it, catalogue/view.ts), kept by the record (those compile.ts
// makes are frozen), so its regex source is never read. The scanner is
// synchronous, and each use sets lastIndex first.
const recordRegexes = new WeakMap<CompiledSignalRecord, RecordRegexes>();

/**
 * The Canonicalize units (candidate-automaton.ts `canonicalUnit`, over the
 * text after `foldTextUnicodeOnly`) of the text characters that a form's
 * first character matches under the record's flags, or null for any: the
 * same unit the shared candidate's first piece of that form is keyed by, so
 * a form can match at an offset only where the folded text's unit there is
 * one of these (the candidate's own guarantee). An apostrophe matches both
 * apostrophes; a first character outside the BMP is left unbounded.
 */
function openingUnits(form: string): readonly number[] | null {
  const first = form.trim().charCodeAt(0);
  if (first === 0x27 || first === 0x2019) return [0x27, 0x2019];
  if (Number.isNaN(first) || (first >= 0xd800 && first <= 0xdfff)) return null;
  return [canonicalUnit(foldUnicodeOnly(String.fromCharCode(first)).charCodeAt(0))];
}

/** Whether a form whose first character matches `units` (openingUnits) can begin where the folded text's unit is `unit`. */
function opensWith(units: readonly number[] | null, unit: number): boolean {
  return units === null || units.includes(unit);
}

/**
 * The record's regex restricted to the alternatives that can begin at an
 * offset whose folded text unit is `unit`, sticky, one per unit, each built
 * at its first use. The record's regex tries its alternatives in order (pairs,
 * then phrases longest first) and a pair's first part its forms in order; an
 * alternative or form that cannot begin at the offset fails there whatever
 * follows, so leaving it out keeps the order of the rest and the match: the
 * same result, from a regex a fraction of the size, which V8 compiles in a
 * fraction of the time. Guards and edges are the record's own
 * (compileRecordSource over the record with the kept forms).
 */
function openingRegexes(record: CompiledSignalRecord): (unit: number) => RegExp | null {
  // Every field but the forms and the source (which reading would compile): guards, and whatever else a record's regex is made of.
  const rest = Object.fromEntries(
    Object.keys(record)
      .filter((key) => key !== 'phrases' && key !== 'pairs' && key !== 'numericComparisons' && key !== 'source')
      .map((key) => [key, record[key as keyof CompiledSignalRecord]]),
  );
  let phraseUnits: (readonly number[] | null)[] | undefined;
  let pairUnits: (readonly number[] | null)[][] | undefined;
  let numericUnits: (readonly number[] | null)[][] | undefined;
  const byUnit = new Map<number, RegExp | null>();
  const flags = stickyFlags(record.flags);
  return (unit) => {
    let regex = byUnit.get(unit);
    if (regex !== undefined) return regex;
    const pairs = record.pairs ?? [];
    phraseUnits ??= record.phrases.map(openingUnits);
    pairUnits ??= pairs.map((pair) => pair.first.map(openingUnits));
    const units = pairUnits;
    const phrases = record.phrases.filter((_, i) => opensWith(phraseUnits?.[i] as readonly number[] | null, unit));
    const keptPairs = pairs
      .map((pair, p) => ({ ...pair, first: pair.first.filter((_, f) => opensWith(units[p]?.[f] as readonly number[] | null, unit)) }))
      .filter((pair) => pair.first.length > 0);
    // A numeric comparison's match begins at its word (the number before it is looked back at), so its words are its opening forms.
    const comparisons = record.numericComparisons ?? [];
    numericUnits ??= comparisons.map((comparison) => comparison.words.map(openingUnits));
    const numericOpenings = numericUnits;
    const keptComparisons = comparisons
      .map((comparison, c) => ({
        ...comparison,
        words: comparison.words.filter((_, w) => opensWith(numericOpenings[c]?.[w] as readonly number[] | null, unit)),
      }))
      .filter((comparison) => comparison.words.length > 0);
    regex =
      phrases.length === 0 && keptPairs.length === 0 && keptComparisons.length === 0
        ? null
        : new RegExp(
            compileRecordSource({
              ...rest,
              phrases,
              pairs: keptPairs,
              ...(keptComparisons.length > 0 ? { numericComparisons: keptComparisons } : {}),
            }),
            flags,
          );
    byUnit.set(unit, regex);
    return regex;
  };
}

function regexesOf(record: CompiledSignalRecord): RecordRegexes {
  let found = recordRegexes.get(record);
  if (!found) {
    found = {
      stickyFor: openingRegexes(record),
      head: builtAfter(HEAD_AFTER_TRIES, () => compileRecordHeadPattern(record)),
    };
    recordRegexes.set(record, found);
  }
  return found;
}

// `language`: the language's records; `candidate`: the prebuilt serialised
// candidate of its fast records, if any.
function buildPlan(records: readonly CompiledSignalRecord[], language: readonly CompiledSignalRecord[], candidate?: string): ScanPlan {
  const languageFast = language.filter(isFastPathRecord);
  const fast = records.filter((r) => languageFast.includes(r));
  const matchers = fast.map((record, index): RecordMatcher => ({ index, record, regexes: undefined }));
  const byCandidateRecord = languageFast.map((record) => matchers.find((m) => m.record === record));
  return {
    candidate: fast.length > 0 ? loadedCandidate(candidate ?? candidateAutomatonOf(language)) : null,
    matchers,
    byCandidateRecord,
    standalone: records.filter((r) => !fast.includes(r)),
    bothLevels: hasBothLevels(records),
  };
}

function isInsideSurrogatePair(text: string, offset: number): boolean {
  const unit = text.charCodeAt(offset);
  const before = text.charCodeAt(offset - 1);
  return unit >= 0xdc00 && unit <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}

// V8 compiles a regex at its first run to bytecode and at its second to
// machine code, unless the text has at least this many code units: then at
// once to machine code, which for the candidate and the records' regexes takes
// less time than the bytecode alone (about half, measured on the bundled
// catalogue). Every one of them runs more than once per text, so a shorter
// text is matched with spaces appended up to this length: no phrase begins
// with white space or ends in it, so no hit starts in the spaces and no match
// of a record (on the fast path) reaches into them.
const NATIVE_CODE_UNITS = 1000;

// Hits of the candidate are gathered in batches before the records confirm
// them: each record then runs its filter and regex over its share of a batch
// in one go. Switching between regexes is what costs: on 250,000 units of
// prose, confirming hit by hit (the candidate, then up to sixteen records'
// regexes at every hit) made a call take about 30 % longer than one batch
// for the whole text (docs/performance.md), and smaller batches cost more
// than larger ones. So a scan without a limit takes one batch; with a limit, a first batch of FIRST_BATCH_HITS
// shows how many hits a signal takes in this text, and the next batch is
// twice what the missing signals need at that rate: few batches on prose,
// little work past the limit on text dense with signals.
const FIRST_BATCH_HITS = 256;

/** How many hits the next batch takes, from the signals the hits so far gave. */
function nextBatchHits(hitsSoFar: number, found: number, enough: number): number {
  if (enough === Number.POSITIVE_INFINITY) return enough;
  if (hitsSoFar === 0) return FIRST_BATCH_HITS;
  return Math.max(FIRST_BATCH_HITS, Math.ceil((2 * hitsSoFar * (enough - found)) / Math.max(found, 1)));
}

/** Whether a match [start, end) is reported: a use of a cue in prose (non-prose.ts). */
type IsUse = (start: number, end: number) => boolean;

/** Confirms one record at the offsets of one batch, in order. */
function confirmAt(
  matcher: RecordMatcher,
  offsets: readonly number[],
  subject: string,
  folded: string,
  resumeAt: number[],
  spans: Span[],
  isUse: IsUse,
): void {
  matcher.regexes ??= regexesOf(matcher.record);
  const { stickyFor } = matcher.regexes;
  const head = matcher.regexes.head(offsets.length);
  for (const start of offsets) {
    // A record's next match cannot begin before its previous one ended.
    if ((resumeAt[matcher.index] as number) > start) continue;
    if (head !== null) {
      head.lastIndex = start;
      if (!head.test(folded)) continue;
    }
    const sticky = stickyFor(canonicalUnit(folded.charCodeAt(start)));
    if (sticky === null) continue;
    sticky.lastIndex = start;
    const match = sticky.exec(subject);
    if (match === null || match.index !== start) continue;
    const end = start + match[0].length;
    resumeAt[matcher.index] = end;
    if (isUse(start, end))
      spans.push({ ruleId: matcher.record.ruleId, patternId: matcher.record.id, level: matcher.record.level, start, end });
  }
}

// `text`: the request's text with its block boundaries marked (markBlockBoundaries)
// and its non-prose tokens masked (readProse).
function fastSpans(plan: ScanPlan, text: string, spans: Span[], enough: number, isUse: IsUse): void {
  const { candidate } = plan;
  if (!candidate) return;
  const resumeAt = new Array<number>(plan.matchers.length).fill(0);
  // The offsets of the current batch that each record could begin at.
  const batches = plan.matchers.map((): number[] => []);
  const subject = text.length < NATIVE_CODE_UNITS ? text.padEnd(NATIVE_CODE_UNITS, ' ') : text;
  const folded = foldTextUnicodeOnly(subject);
  const hitRecords: number[] = [];
  let from = 0;
  let hitsSoFar = 0;
  for (let ended = false; !ended; ) {
    const batchEnd = hitsSoFar + nextBatchHits(hitsSoFar, spans.length, enough);
    while (hitsSoFar < batchEnd) {
      const start = candidate.next(folded, from, text.length, hitRecords);
      if (start < 0) {
        ended = true;
        break;
      }
      hitsSoFar += 1;
      from = start + 1;
      if (isInsideSurrogatePair(text, start)) continue;
      for (const record of hitRecords) {
        const matcher = plan.byCandidateRecord[record];
        if (matcher !== undefined) (batches[matcher.index] as number[]).push(start);
      }
    }
    for (const matcher of plan.matchers) {
      const offsets = batches[matcher.index] as number[];
      if (offsets.length === 0) continue;
      confirmAt(matcher, offsets, subject, folded, resumeAt, spans, isUse);
      offsets.length = 0;
    }
    // Every signal of a later batch starts after those found so far: once
    // there are `enough`, the first `enough` of them are final.
    if (spans.length >= enough) return;
  }
}

function standaloneSpans(plan: ScanPlan, text: string, spans: Span[], isUse: IsUse): void {
  for (const record of plan.standalone) {
    for (const match of text.matchAll(new RegExp(record.source, record.flags))) {
      if (!isUse(match.index, match.index + match[0].length)) continue;
      spans.push({
        ruleId: record.ruleId,
        patternId: record.id,
        level: record.level,
        start: match.index,
        end: match.index + match[0].length,
      });
    }
  }
}

/**
 * A scanner over the catalogue's compiled records. Plans are made once per
 * language, rule and level selection, on its first call, then reused by every call;
 * a record's regexes are built at its first candidate. `candidateAutomata`,
 * when given, must be what `candidateAutomatonOf` returns for each language's
 * records (the bundled catalogue carries them). Returns every signal,
 * sorted, or with `limit` the first `limit + 1`.
 */
export function createSignalScanner(
  records: readonly CompiledSignalRecord[],
  candidateAutomata?: Readonly<Partial<Record<Language, string>>>,
): SignalScanner {
  const plans = new Map<string, ScanPlan>();
  const planFor = (request: ScanRequest): ScanPlan => {
    const { language } = request;
    const ofLanguage = records.filter((r) => r.language === language);
    const chosen = selectRecords(records, request);
    const key = chosen.map((r) => records.indexOf(r)).join(',');
    let plan = plans.get(key);
    if (!plan) {
      plan = buildPlan(chosen, ofLanguage, candidateAutomata?.[language]);
      plans.set(key, plan);
    }
    return plan;
  };

  return (request) => {
    const { text, limit, language } = request;
    const plan = planFor(request);
    // A suggestion may fall to a warning that overlaps it and starts later
    // (level-overlap.ts): with both levels of a rule selected, the scan does
    // not stop early, so the first limit + 1 are counted after that.
    const enough = limit === undefined || plan.bothLevels ? Infinity : limit + 1;
    let spans: Span[] = [];
    // Records run over a copy of the same length in which paragraph breaks and
    // list item starts hold a separator and non-prose tokens are masked; only
    // uses of a cue are kept (non-prose.ts); quotes and positions come from `text`.
    const prose = readProse(markBlockBoundaries(text), language);
    fastSpans(plan, prose.text, spans, enough, prose.isUse);
    standaloneSpans(plan, prose.text, spans, prose.isUse);
    if (spans.length === 0) return [];
    spans.sort(compareSignals);
    if (plan.bothLevels) spans = withoutCoveredSuggestions(spans);
    const kept = limit === undefined ? Infinity : limit + 1;
    if (spans.length > kept) spans.length = kept;
    const lines = createLineIndex(text);
    return spans.map(({ ruleId, patternId, level, start, end }): WritingSignal => {
      const { line, column } = lines.locate(start);
      return {
        ruleId,
        patternId,
        level,
        kind: 'surface-cue',
        quote: text.slice(start, end),
        start,
        end,
        encoding: 'utf16',
        reviewRequired: true,
        line,
        column,
      };
    });
  };
}
