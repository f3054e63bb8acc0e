// The candidate automaton (candidate-automaton.ts) stops at exactly the
// positions where the candidate regex (compileCandidatePattern) matches, and
// names every record that matches there: on real prose, on random texts built
// from phrases and tricky characters, and next to every BMP code unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, type Language } from '../../src/core/catalogue/ids';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { type CandidateAutomaton, loadCandidateAutomaton, serializeCandidateAutomaton } from '../../src/core/scanner/candidate-automaton';
import { compileCandidatePattern } from '../../src/core/scanner/candidate-pattern';
import { foldTextUnicodeOnly } from '../../src/core/scanner/case-fold';
import { candidatePhrases, compileRecordSource, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';
import { loadSignalRecords } from '../support/catalogue-records';
import { loadProse } from '../support/prose';
import { scaled } from '../test-scale';
import { FIXTURE_RECORDS, PAIR_FIXTURE_RECORDS } from './scanner-fixtures';

const catalogueRecords = loadSignalRecords();
const UNITS = 250_000;
const SLOW_MS = 120_000;

/** The candidate regex and the automaton of `records`, built once. */
interface Candidates {
  readonly records: readonly CompiledSignalRecord[];
  readonly regex: RegExp;
  readonly automaton: CandidateAutomaton;
}

const built = new Map<readonly CompiledSignalRecord[], Candidates>();

function candidatesOf(records: readonly CompiledSignalRecord[]): Candidates {
  let found = built.get(records);
  if (found === undefined) {
    found = {
      records,
      regex: compileCandidatePattern(
        records.flatMap((r) => candidatePhrases(r)),
        records.flatMap((r) => r.pairs ?? []),
      ),
      automaton: loadCandidateAutomaton(serializeCandidateAutomaton(records)),
    };
    built.set(records, found);
  }
  return found;
}

/** Every position the candidate regex matches at, as the scanner resumes it (one past each hit). */
function regexPositions({ regex }: Candidates, text: string): number[] {
  const positions: number[] = [];
  regex.lastIndex = 0;
  for (let hit = regex.exec(text); hit !== null; hit = regex.exec(text)) {
    positions.push(hit.index);
    regex.lastIndex = hit.index + 1;
  }
  return positions;
}

/** The automaton's positions, and per record the positions it was named at. */
function automatonHits({ records, automaton }: Candidates, text: string): { positions: number[]; named: Set<number>[] } {
  const positions: number[] = [];
  const named = records.map(() => new Set<number>());
  const found: number[] = [];
  for (let at = automaton.next(text, 0, text.length, found); at >= 0; at = automaton.next(text, at + 1, text.length, found)) {
    positions.push(at);
    for (const record of found) named[record]?.add(at);
  }
  return { positions, named };
}

/** The automaton agrees with the regex on `text`, and names each record wherever its own regex matches. */
function expectAgreement(records: readonly CompiledSignalRecord[], raw: string): number {
  const candidates = candidatesOf(records);
  const text = foldTextUnicodeOnly(markBlockBoundaries(raw));
  const { positions, named } = automatonHits(candidates, text);
  expect(positions).toEqual(regexPositions(candidates, text));
  records.forEach((record, index) => {
    const missed = [...text.matchAll(new RegExp(record.source, record.flags))].map((m) => m.index).filter((at) => !named[index]?.has(at));
    expect(missed, record.id).toEqual([]);
  });
  return positions.length;
}

const byLanguage = new Map<string, CompiledSignalRecord[]>();

/** The records of `language`, the same array each time (candidates are built once per array). */
function ofLanguage(records: readonly CompiledSignalRecord[], language: Language): CompiledSignalRecord[] {
  const key = `${records === catalogueRecords ? 'catalogue' : 'other'}/${language}`;
  let found = byLanguage.get(key);
  if (found === undefined) {
    found = records.filter((r) => r.language === language);
    byLanguage.set(key, found);
  }
  return found;
}

describe('candidate automaton equals the candidate regex', () => {
  it.each(LANGUAGES)(
    'on 250,000 units of %s prose, every catalogue record',
    async (language) => {
      const prose = await loadProse(language, UNITS);
      if (!prose.ok) {
        // German needs debian-reference-de (.ci/run installs it); English is always there.
        expect(language, prose.reason).toBe('de');
        return;
      }
      expect(expectAgreement(ofLanguage(catalogueRecords, language), prose.text)).toBeGreaterThan(100);
    },
    SLOW_MS,
  );

  it('next to every BMP code unit, before and after phrases of both roots', () => {
    const records: CompiledSignalRecord[] = [
      { phrases: ['über', 'test', 'groß', "it's", '(beta)'], pairs: [{ first: ['we'], then: ['will'], within: 0 }] },
    ].map(({ phrases, pairs }) => ({
      id: 'word-choice.de',
      ruleId: 'word-choice',
      language: 'de',
      level: 'warning',
      phrases,
      pairs,
      source: compileRecordSource({ phrases, pairs }),
      flags: RECORD_FLAGS,
    }));
    const parts: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const c = String.fromCharCode(unit);
      parts.push(`${c}über${c} ${c}TEST${c} groß${c} it${c}s we,${c}will ${c}(beta)${c}`);
    }
    expect(expectAgreement(records, foldTextUnicodeOnly(parts.join(' ')))).toBeGreaterThan(0);
  });

  it(
    'on random texts built from phrases, near-misses and tricky characters',
    () => {
      const recordSets = [FIXTURE_RECORDS, PAIR_FIXTURE_RECORDS, ofLanguage(catalogueRecords, 'en'), ofLanguage(catalogueRecords, 'de')];
      const pieces = [
        ...new Set(recordSets.flat().flatMap((r) => [...r.phrases, ...(r.pairs ?? []).flatMap((p) => [...p.first, ...p.then])])),
      ].slice(0, 4000);
      const tricky = [
        ' ',
        '  ',
        '\n',
        '\n\n',
        '\t',
        ',',
        ', ',
        '.',
        "'",
        '’',
        'ſ',
        'K',
        'ẞ',
        'ß',
        'İ',
        'ı',
        'µ',
        'ÿ',
        'ɓ',
        '\u00a0',
        '\u2028',
        '\ufeff',
        '😀',
        'x',
        '_',
        '1',
        '-',
        '(',
        ')',
      ];
      const fragment = fc.oneof(
        fc.constantFrom(...pieces),
        fc.constantFrom(...pieces).map((p) => p.toUpperCase()),
        fc.constantFrom(...pieces).map((p) => p.slice(0, Math.max(1, p.length - 2))),
        fc.constantFrom(...tricky),
      );
      fc.assert(
        fc.property(fc.array(fragment, { maxLength: 40 }), fc.constantFrom(...recordSets.keys()), (fragments, set) => {
          expectAgreement(recordSets[set] as readonly CompiledSignalRecord[], fragments.join(''));
        }),
        { numRuns: scaled(60) },
      );
    },
    SLOW_MS,
  );
});
