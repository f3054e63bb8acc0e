// Every compiled record scans a 250,000-unit adversarial text (near-misses of
// its phrases, glued phrases, long letter and space runs, and for pairs: first
// parts followed by one word too many, by long words, by runs of other first
// parts, or by the second part cut short; for guards: runs of guard words,
// long words and white space before a cue; for gap guards: guard words and
// near-guard words in the gaps; for numeric comparisons: runs of numbers and
// comparison words, long digit runs, long words and white space between) in about the time it scans ordinary
// prose of that length: no super-linear backtracking. So does the fast
// scanner on the attacks of all records of a language at once.
import { describe, expect, it } from 'vitest';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { compileRecordSource, MAX_NUMERIC_GAP, RECORD_FLAGS, recordGuards } from '../../src/core/scanner/phrase-pattern';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { bestOfThree, filled, gapGuardAttacks, guardAttacks } from '../support/adversarial';

const LENGTH = 250_000;

const PROSE = {
  en:
    'The service reads the request, checks each field against its schema and answers with one envelope. ' +
    'When a field is out of bounds, the answer names the field and the bound, and nothing is changed silently. ' +
    'Operators deploy the Worker with the values from the configuration file and rotate the token every month.\n',
  de:
    'Der Dienst liest die Anfrage, prüft jedes Feld gegen sein Schema und antwortet mit genau einem Umschlag. ' +
    'Liegt ein Wert außerhalb der Grenzen, nennt die Antwort das Feld und die Grenze; nichts wird stillschweigend geändert. ' +
    'Der Betrieb stellt den Worker mit den Werten aus der Konfigurationsdatei bereit und tauscht das Token monatlich.\n',
};

const fill = (unit: string) => filled(unit, LENGTH);

/** The last letter of `phrase` swapped for another, so the phrase just misses. */
function nearMiss(phrase: string): string {
  const last = phrase.at(-1)!;
  return phrase.slice(0, -1) + (last.toLowerCase() === 'q' ? 'z' : 'q');
}

/** Texts where a pair's first part starts a match that must fail as late as possible. */
function pairAttacks(pair: NonNullable<CompiledSignalRecord['pairs']>[number]): string[] {
  const first = pair.first[0] ?? '';
  const then = pair.then[0] ?? '';
  const words = (n: number) => Array.from({ length: n }, () => 'wort').join(' ');
  return [
    `${first} ${words(pair.within + 1)} ${then}`,
    `${first} ${words(pair.within)} ${nearMiss(then)}`,
    `${first}, ${'x'.repeat(3_000)} ${then.slice(0, -1)}`,
    `${`${first} `.repeat(pair.within + 2)}${nearMiss(then)}`,
    `${first} ${' '.repeat(500)}${words(pair.within)}${' \t'.repeat(200)}${nearMiss(then)}`,
  ];
}

/**
 * Texts where a numeric comparison's number and word must be checked as late
 * as possible: runs of numbers before and after the word ("3 3 3 faster 3 …"),
 * one word too many between, long runs of digits with separators, long words
 * and long white space between number and word, and near-numbers.
 */
function numericAttacks(comparison: NonNullable<CompiledSignalRecord['numericComparisons']>[number]): string[] {
  const word = comparison.words[0] ?? '';
  const marker = comparison.marker?.[0] ?? '';
  const words = (n: number) => Array.from({ length: n }, () => 'wort').join(' ');
  const digits = `${'1.'.repeat(2_000)}1`;
  return [
    `${'3 '.repeat(200)}${word} ${'3 '.repeat(200)}`,
    `${'3 '.repeat(50)}${`${word} `.repeat(50)}${marker} ${'3 '.repeat(50)}`,
    `3 ${marker} ${words(comparison.within + 1)} ${word} ${words(comparison.within + 1)} ${marker} 3`,
    `${digits} ${marker} ${word} ${marker} ${digits}x`,
    `3${' '.repeat(2_000)}${word}${' '.repeat(2_000)}${marker}${' \t'.repeat(500)}3q`,
    `${'x'.repeat(3_000)}3 ${word} ${'%'.repeat(2_000)} ${word} ${'3%'.repeat(1_000)}`,
    `${`3 ${marker} `.repeat(200)}${word}`,
  ];
}

/** Near-misses, pair and guard attacks of one record, then runs that stretch a scan (letters, umlauts, white space). */
function attackBlock(
  record: Pick<
    CompiledSignalRecord,
    'phrases' | 'pairs' | 'numericComparisons' | 'notAfter' | 'notAfterInClause' | 'notBeforeInClause' | 'notInGap'
  >,
): string {
  const numeric = (record.numericComparisons ?? []).flatMap(numericAttacks);
  const pieces = [...(record.pairs ?? []).flatMap(pairAttacks), ...record.phrases].flatMap((phrase) => {
    const [first = phrase] = phrase.split(' ');
    return [
      nearMiss(phrase),
      `x${phrase}`,
      `${phrase}x`,
      `${first}${' '.repeat(200)}${nearMiss(phrase.slice(first.length).trim() || first)}`,
      phrase.replace(/ /g, ' \t\n '),
    ];
  });
  const [longest = record.pairs?.[0]?.first[0] ?? ''] = record.phrases;
  const firstWord = longest.split(' ')[0];
  const guards = [
    ...recordGuards(record).flatMap(({ guard, side }) => guardAttacks(guard, longest, side)),
    ...(record.notInGap ? gapGuardAttacks(record.pairs ?? [], record.notInGap) : []),
  ];
  return `${[...pieces, ...numeric, ...guards].join(' ')} ${'a'.repeat(5_000)} ${'ä'.repeat(5_000)} ${firstWord}${' '.repeat(20_000)}. `;
}

function adversarial(
  record: Pick<
    CompiledSignalRecord,
    'phrases' | 'pairs' | 'numericComparisons' | 'notAfter' | 'notAfterInClause' | 'notBeforeInClause' | 'notInGap'
  >,
): string {
  return fill(attackBlock(record));
}

/** Best of three full scans, in milliseconds. */
function scanTime(record: Pick<CompiledSignalRecord, 'source' | 'flags'>, text: string): number {
  const regex = new RegExp(record.source, record.flags);
  return bestOfThree(() => {
    for (const _match of text.matchAll(regex));
  });
}

describe.each(catalogue.signalRecords.map((r) => [r.id, r] as const))('%s', (_id, record) => {
  it(`scans ${LENGTH} adversarial units near prose speed`, () => {
    const attack = adversarial(record);
    const prose = fill(PROSE[record.language]);
    expect(attack.length).toBe(LENGTH);
    const attackMs = scanTime(record, attack);
    const proseMs = scanTime(record, prose);
    // Linear scans differ by a small factor; quadratic ones by orders of magnitude.
    expect(attackMs).toBeLessThan(20 * proseMs + 50);
  });
});

// The catalogue's numeric comparisons at the widest reach, each side, and the
// plainest attack: 250,000 units of numbers and comparison words.
describe('numeric comparisons at every reach', () => {
  it.each([0, 2, MAX_NUMERIC_GAP])(`scan ${LENGTH} units of "3 3 3 faster 3 …" and their attacks near prose speed, within %i`, (within) => {
    const numericComparisons = [
      { words: ['faster', 'as fast', 'schneller'], number: 'before' as const, within },
      { words: ['faster'], number: 'before' as const, within, marker: ['times'] },
      { words: ['cuts', 'senkt'], number: 'after' as const, within, marker: ['by', 'um'] },
      { words: ['saves'], number: 'after' as const, within },
    ];
    const patterns = {
      phrases: ['powerful'],
      pairs: [],
      numericComparisons,
      notBeforeInClause: { words: ['according', 'laut'], within: 6 },
    };
    const record = { ...patterns, source: compileRecordSource(patterns), flags: RECORD_FLAGS };
    const prose = fill(PROSE.en);
    for (const attack of [
      fill('3 3 3 faster 3 '),
      fill('3 3 cuts 3 by 3 by '),
      fill('twice as fast 1.5x 3 times faster '),
      adversarial(record),
    ]) {
      expect(attack.length).toBe(LENGTH);
      const attackMs = scanTime(record, attack);
      expect(attackMs).toBeLessThan(20 * scanTime(record, prose) + 50);
    }
  });
});

// The fast scanner adds its own regexes (the shared candidate, each record's
// filter) in front of the records': the attacks on every record of a
// language, in one text, must not slow it down by more than the records' own
// regexes may be.
/** The fast scanner on `attack` stays within 20× (plus 50 ms) of prose of the same length, timed side by side: a linear scan differs from prose by a small factor on a loaded machine too, a super-linear one by orders of magnitude. */
function expectNearProseSpeed(language: (typeof LANGUAGES)[number], attack: string): void {
  const prose = fill(PROSE[language]);
  const scanner = createSignalScanner(catalogue.signalRecords);
  const scan = (text: string) => () => scanner({ text, language, ruleIds: SCANNABLE_RULE_IDS });
  const attackMs = bestOfThree(scan(attack));
  const proseMs = bestOfThree(scan(prose));
  expect(attackMs).toBeLessThan(20 * proseMs + 50);
}

describe.each(LANGUAGES)('fast scanner, every %s record', (language) => {
  it(`scans ${LENGTH} adversarial units near prose speed`, () => {
    const records = catalogue.signalRecords.filter((r) => r.language === language);
    const attack = fill(records.map(attackBlock).join(' '));
    expectNearProseSpeed(language, attack);
  });

  // Before the records run, the scanner marks paragraph breaks and list item
  // starts (block-boundaries.ts), reading on after every line break. Attack
  // it with long runs of white space after a line break, line breaks alone,
  // near-markers (ten digits, a marker without a space) and real boundaries
  // between the records' phrases.
  it(`marks the paragraph breaks and list items of ${LENGTH} adversarial units, then scans, near prose speed`, () => {
    const records = catalogue.signalRecords.filter((r) => r.language === language);
    const phrases = records.flatMap((r) => r.phrases).slice(0, 200);
    const separators = ['\n\n', '\r\n \r\n', '\n- ', '\n  12) ', '\r* ', '\n-', '\n1234567890. ', '\n'];
    const joined = phrases.map((p, i) => p.replace(/ /g, separators[i % separators.length] as string)).join(' ');
    const attack = fill(
      [
        joined,
        `\n${' '.repeat(20_000)}x`,
        `\r\n${'\t '.repeat(5_000)}-x`,
        '\n'.repeat(5_000),
        '\r\n'.repeat(5_000),
        `\n${'1'.repeat(5_000)}.`,
        '\n-x '.repeat(2_000),
      ].join(' '),
    );
    expectNearProseSpeed(language, attack);
  });

  // Before the records run, the scanner masks non-prose tokens, and every
  // match is checked for a name or a mention (non-prose.ts): long tokens of
  // the marks that make one (`@/._:`), dots between letters, quoted cues,
  // runs of capitalised words and cues, hyphens, and runs of quotes, white
  // space and brackets before a capitalised cue.
  it(`skips the non-prose tokens, names and mentions of ${LENGTH} adversarial units, then scans, near prose speed`, () => {
    const records = catalogue.signalRecords.filter((r) => r.language === language);
    const phrases = records.flatMap((r) => r.phrases).slice(0, 200);
    const capitalised = phrases.map((p) => p.charAt(0).toUpperCase() + p.slice(1));
    const attack = fill(
      [
        phrases.map((p) => `"${p}" „${p}“ '${p}' ${p}_x ${p}.x x/${p}`).join(' '),
        capitalised.join(' '),
        capitalised.join('-'),
        '@/._:'.repeat(4_000),
        'a.'.repeat(10_000),
        `${capitalised.map((p) => `${' '.repeat(50)}((("${p}`).join('')}`,
        `${'Aaaa '.repeat(2_000)}${capitalised.join(' Aaaa ')}`,
      ].join(' '),
    );
    expectNearProseSpeed(language, attack);
  });
});
