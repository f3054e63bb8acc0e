// orderPhrases and phraseToSource run for every generated form when the
// catalogue loads, so they are written for V8's interpreter (no comparator,
// no per-word split). They must give exactly what their definitions give.
// The guards (notAfter, notAfterInClause) compile to look-behinds, the forward
// guard (notBeforeInClause) to a look-ahead; a record with guards must report
// exactly what a word-by-word reading of the text before and after each match
// reports. The gap guard (notInGap) compiles to a look-ahead before each gap
// word; a pair must match exactly when no word of its gap is a guard word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled, scaledTimeout } from '../test-scale';
import {
  compileRecordSource,
  GAP_WORD,
  type GapGuardWords,
  type GuardWords,
  MAX_CLAUSE_GUARD_GAP,
  orderPhrases,
  phraseToSource,
  RECORD_FLAGS,
  type RecordPatterns,
  recordGuards,
  WORD_CHAR,
} from '../../src/core/scanner/phrase-pattern';

// The definitions: trimmed, without repeats, longest first, then code-unit
// order; and a phrase escaped word by word, words joined by `\s+`.
const orderedByDefinition = (phrases: readonly string[]) =>
  [...new Set(phrases.map((p) => p.trim()))].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
const sourceByDefinition = (phrase: string) =>
  phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/['’]/g, "['’]"))
    .join(String.raw`\s+`);

// Letters with and without case, astral characters, lone surrogates, quotes,
// regex syntax and every kind of white space the phrases may hold.
const phrase = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      'a',
      'B',
      'ä',
      'ß',
      'ẞ',
      'İ',
      '😀',
      '\ud800',
      "'",
      '’',
      '.',
      '*',
      '(',
      '[',
      '\\',
      '$',
      '-',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u3000',
    ),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
  maxLength: 12,
});

describe('orderPhrases', () => {
  it('orders as the definition does, repeats and surrounding white space included', () => {
    fc.assert(
      fc.property(fc.array(phrase, { maxLength: 40 }), (phrases) => {
        const withRepeats = [...phrases, ...phrases.slice(0, 5).map((p) => ` ${p}\t`)];
        expect(orderPhrases(withRepeats)).toEqual(orderedByDefinition(withRepeats));
      }),
      { numRuns: scaled(125) },
    );
  });
});

describe('phraseToSource', () => {
  it('escapes and joins as the definition does', () => {
    fc.assert(
      fc.property(phrase, (text) => {
        expect(phraseToSource(text)).toBe(sourceByDefinition(text));
      }),
      { numRuns: scaled(500) },
    );
  });

  it('matches its own phrase with other white space and the other apostrophe', () => {
    expect(new RegExp(`^${phraseToSource("  it's  a (test)? ")}$`, 'iu').test('IT’S\ta\n(test)?')).toBe(true);
  });
});

// The guard by definition: white space right before the match, then, read
// backwards one white-space-separated token at a time, up to `within` tokens
// free of . , ! ? ; : (and U+FFFC), then a token that ends in a guard word
// (whole word, any case, ' as ’) and, for a clause guard, optionally a comma.
const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);
const fold = (t: string) => t.toLowerCase().replace(/’/g, "'");
function endsInGuardWord(token: string, words: readonly string[]): boolean {
  return words.some((word) => {
    const w = fold(word);
    const t = fold(token);
    return t.endsWith(w) && (t.length === w.length || !/[\p{L}\p{Nd}_]/u.test(t.charAt(t.length - w.length - 1)));
  });
}
function guardedByDefinition(text: string, at: number, { words, within }: GuardWords, comma: boolean): boolean {
  let end = at;
  for (let k = 0; k <= within; k++) {
    let start = end;
    while (isSpace(text[start - 1])) start--;
    if (start === end) return false;
    end = start;
    while (start > 0 && !isSpace(text[start - 1])) start--;
    const token = text.slice(start, end);
    if (endsInGuardWord(comma && token.endsWith(',') ? token.slice(0, -1) : token, words)) return true;
    if (/[.,!?;:\uFFFC]/u.test(token)) return false;
    end = start;
  }
  return false;
}
// The forward guard by definition: from the end of the match, read forwards
// one white-space-separated token at a time, up to `within` tokens free of
// . , ! ? ; : (and U+FFFC), then a token that begins with a guard word (whole
// word, any case, ' as ’).
function beginsWithGuardWord(token: string, words: readonly string[]): boolean {
  return words.some((word) => {
    const w = fold(word);
    const t = fold(token);
    return t.startsWith(w) && (t.length === w.length || !/[\p{L}\p{Nd}_]/u.test(t.charAt(w.length)));
  });
}
function followedByDefinition(text: string, end: number, { words, within }: GuardWords): boolean {
  let start = end;
  for (let k = 0; k <= within; k++) {
    let next = start;
    while (isSpace(text[next])) next++;
    if (next === start) return false;
    start = next;
    while (next < text.length && !isSpace(text[next])) next++;
    const token = text.slice(start, next);
    if (beginsWithGuardWord(token, words)) return true;
    if (/[.,!?;:\uFFFC]/u.test(token)) return false;
    start = next;
  }
  return false;
}
// The gap guard by definition: some white-space-separated token of the gap,
// after some of the marks that open it (neither letters, digits nor `_`),
// begins with a guard word (any case, ' as ’) that no letter, digit or `_`
// follows.
function isGuardWord(token: string, words: readonly string[]): boolean {
  const opening = /^[^\p{L}\p{Nd}_]*/u.exec(token)![0].length;
  return Array.from({ length: opening + 1 }, (_, k) => token.slice(k)).some((rest) => beginsWithGuardWord(rest, words));
}
function gapGuarded(gap: string, notInGap: GapGuardWords | undefined): boolean {
  return notInGap !== undefined && gap.split(/\s+/u).some((token) => token !== '' && isGuardWord(token, notInGap.words));
}
/**
 * Every way the record can match at `at`, in the order its alternation tries
 * them: each pair (each first phrase, each gap from fewest words, each second
 * phrase) whose gap holds no gap guard word, then each literal phrase, longest
 * first.
 */
const edgedRegexes = new Map<string, RegExp>();
function matchesAt(text: string, at: number, patterns: RecordPatterns): string[] {
  const edged = (core: string) => {
    let regex = edgedRegexes.get(core);
    if (regex === undefined) edgedRegexes.set(core, (regex = new RegExp(`(?<!${WORD_CHAR})${core}(?!${WORD_CHAR})`, 'yiu')));
    return regex;
  };
  // The gap (group 1) of a pair with an exact number of words has one way to match, so checking it after the match is the definition.
  const sources = [
    ...(patterns.pairs ?? []).flatMap((pair) =>
      orderPhrases(pair.first).flatMap((first) =>
        Array.from({ length: pair.within + 1 }, (_, words) =>
          orderPhrases(pair.then).map(
            (then) => String.raw`${phraseToSource(first)},?((?:\s+${GAP_WORD}){${words}})\s+${phraseToSource(then)}`,
          ),
        ).flat(),
      ),
    ),
    ...orderPhrases(patterns.phrases).map(phraseToSource),
  ];
  return sources.flatMap((source) => {
    const regex = edged(source);
    regex.lastIndex = at;
    const match = regex.exec(text);
    return match && !gapGuarded(match[1] ?? '', patterns.notInGap) ? [match[0]] : [];
  });
}
/**
 * Each position left to right: unless a guard before it reads true, the first
 * way the record matches there that no forward guard word follows; then on
 * past the match.
 */
function scanByDefinition(text: string, patterns: RecordPatterns): string[] {
  const guards = recordGuards(patterns);
  const found: string[] = [];
  for (let at = 0; at < text.length; ) {
    const before = guards.some(({ guard, comma, side }) => side === 'before' && guardedByDefinition(text, at, guard, comma));
    const match = before
      ? undefined
      : matchesAt(text, at, patterns).find(
          (m) => !guards.some(({ guard, side }) => side === 'after' && followedByDefinition(text, at + m.length, guard)),
        );
    if (match !== undefined) {
      found.push(`${at}:${match}`);
      at += match.length;
    } else at++;
  }
  return found;
}

describe('guards', () => {
  const patterns = (within: number, clauseWithin: number, forwardWithin?: number, notInGap?: GapGuardWords): RecordPatterns => ({
    phrases: ['der schnellste', 'schnellste', "isn't perfect", 'perfekt', 'perfekt genug'],
    pairs: [
      { first: ['nicht nur'], then: ['sondern ein', 'sondern'], within: 3 },
      { first: ['wurde', 'habe'], then: ['getestet', 'nicht mehr auf'], within: 4 },
    ],
    ...(notInGap === undefined ? {} : { notInGap }),
    notAfter: { words: ['nicht', "isn't", 'kein'], within },
    notAfterInClause: { words: ['möglicherweise', 'daher', 'versucht'], within: clauseWithin },
    ...(forwardWithin === undefined ? {} : { notBeforeInClause: { words: ['genug', 'als', "isn't", '(etwa'], within: forwardWithin } }),
  });
  const token = fc.constantFrom(
    'nicht',
    'Nicht',
    'NICHT',
    'nichtx',
    'xnicht',
    '(nicht',
    "isn't",
    'isn’t',
    'kein',
    'möglicherweise',
    'Möglicherweise,',
    'daher',
    'daher,',
    'versucht,',
    'versucht',
    'wort',
    'Wort,',
    'x.',
    'zwei;',
    ',',
    '.',
    'der',
    'schnellste',
    'perfekt',
    'perfect',
    'sondern',
    'ein',
    'nur',
    '\uFFFC',
    'genug',
    'Genug,',
    'genugx',
    'als',
    'ALS.',
    '(etwa',
    '(etwa)',
    'etwa',
    'genug;',
    'wurde',
    'habe',
    'getestet',
    'mehr',
    'auf',
    'nie',
    'NIE',
    'nie,',
    'nie-',
    'nichts',
    'x-nicht',
    'nicht/nie',
    'keine',
    'keinex',
    'isn’t,',
  );
  const space = fc.constantFrom(' ', '  ', '\n', '\t', ' \u00a0');
  const text = fc.array(fc.tuple(token, space), { maxLength: 40 }).map((parts) => parts.map(([t, s]) => t + s).join(''));

  /** The compiled record matches, on every generated text, what reading its words by definition reports. */
  const expectDefinition = (record: RecordPatterns, texts: fc.Arbitrary<string>, numRuns: number) => {
    const regex = new RegExp(compileRecordSource(record), RECORD_FLAGS);
    fc.assert(
      fc.property(texts, (t) => {
        expect([...t.matchAll(regex)].map((m) => `${m.index}:${m[0]}`)).toEqual(scanByDefinition(t, record));
      }),
      { numRuns },
    );
  };

  it(
    'report exactly what reading the words before, between and after each match reports, at every reach',
    () => {
      const gapGuard = { words: ['nicht', 'nie', 'kein', "isn't"] };
      for (const within of [0, 1]) {
        for (const [clauseWithin, forwardWithin, notInGap] of [
          [0, undefined, undefined],
          [2, 0, gapGuard],
          [MAX_CLAUSE_GUARD_GAP, 2, undefined],
          [0, MAX_CLAUSE_GUARD_GAP, gapGuard],
        ] as const) {
          expectDefinition(patterns(within, clauseWithin, forwardWithin, notInGap), text, scaled(100));
        }
      }
    },
    scaledTimeout(60_000),
  );

  // Pairs and gap words only, so that most texts hold a pair with guard words, near-guard words and
  // guard words among marks in its gap.
  it(
    'match a pair exactly when no word of its gap is a gap guard word',
    () => {
      const gapToken = fc.constantFrom(
        'wurde',
        'habe',
        'getestet',
        'nicht',
        'mehr',
        'auf',
        'nur',
        'sondern',
        'ein',
        'nie',
        'Nie,',
        '(nicht',
        'x-nicht',
        'nicht/x',
        'nichts',
        'xnicht',
        'kein',
        'keiner',
        'isn’t',
        "isn't.",
        'wort',
        'Wort,',
        '\uFFFC',
        '„nie“',
        '((x',
        '(x)',
        'x',
        '-nicht',
        '—',
      );
      const gapText = fc.array(fc.tuple(gapToken, space), { maxLength: 14 }).map((parts) => parts.map(([t, s]) => t + s).join(''));
      expectDefinition(patterns(0, 0, undefined, { words: ['nicht', 'nie', 'kein', "isn't", '(x'] }), gapText, scaled(500));
    },
    scaledTimeout(60_000),
  );

  it('silence a hedged or reasoned claim in its clause, and no claim past a comma or a full stop', () => {
    const regex = new RegExp(compileRecordSource(patterns(1, MAX_CLAUSE_GUARD_GAP)), RECORD_FLAGS);
    const quotes = (t: string) => [...t.matchAll(regex)].map((m) => m[0]);
    expect(quotes('Er ist möglicherweise eins zwei drei vier fünf der schnellste.')).toEqual([]);
    expect(quotes('Er ist möglicherweise eins zwei drei vier fünf sechs sieben der schnellste.')).toEqual(['der schnellste']);
    expect(quotes('Das Programm versucht, die Verbindung perfekt zu halten.')).toEqual([]);
    expect(quotes('Es ist daher, wie gemessen, der schnellste.')).toEqual(['der schnellste']);
    expect(quotes('Möglicherweise. Der schnellste Parser.')).toEqual(['Der schnellste']);
    expect(quotes('Er ist nicht der schnellste, aber nicht nur ein Parser, sondern ein Werkzeug.')).toEqual([
      'nicht nur ein Parser, sondern ein',
    ]);
  });

  it("keep a negation out of a pair's gap, but not out of the pair's own phrases", () => {
    const regex = new RegExp(compileRecordSource(patterns(0, 0, undefined, { words: ['nicht', 'nie', 'kein', "isn't"] })), RECORD_FLAGS);
    const quotes = (t: string) => [...t.matchAll(regex)].map((m) => m[0]);
    expect(quotes('Das habe ich noch nicht getestet. Sie wurde nie richtig getestet.')).toEqual([]);
    expect(quotes('Das habe ich (nicht) getestet. Es wurde, NICHT, getestet.')).toEqual([]);
    expect(quotes('Das habe ich gestern getestet. Es wurde nichts Neues getestet.')).toEqual([
      'habe ich gestern getestet',
      'wurde nichts Neues getestet',
    ]);
    expect(quotes('Das habe ich „nie“ getestet. Es wurde x-nicht getestet.')).toEqual(['wurde x-nicht getestet']);
    expect(quotes('Nicht nur ein Parser, sondern ein Werkzeug. Habe der Fehler nicht mehr auf.')).toEqual([
      'Nicht nur ein Parser, sondern ein',
      'Habe der Fehler nicht mehr auf',
    ]);
    expect(quotes('Nicht nur kein Parser, sondern ein Werkzeug.')).toEqual([]);
    // Without the guard the same pair spans the negation.
    const unguarded = new RegExp(compileRecordSource(patterns(0, 0)), RECORD_FLAGS);
    expect([...'Das habe ich noch nicht getestet.'.matchAll(unguarded)].map((m) => m[0])).toEqual(['habe ich noch nicht getestet']);
  });

  it('silence a claim backed or limited after it in its clause, and no claim past a comma or a full stop', () => {
    const regex = new RegExp(compileRecordSource(patterns(1, 0, 2)), RECORD_FLAGS);
    const quotes = (t: string) => [...t.matchAll(regex)].map((m) => m[0]);
    expect(quotes('Er ist der schnellste Parser als alle anderen.')).toEqual([]);
    expect(quotes('Er ist der schnellste eins zwei drei als alle anderen.')).toEqual(['der schnellste']);
    expect(quotes('Das ist perfekt genug als Start.')).toEqual([]);
    expect(quotes('Der schnellste (etwa 40 % weniger).')).toEqual([]);
    expect(quotes('Der schnellste, als Beispiel.')).toEqual(['Der schnellste']);
    expect(quotes('Der schnellste. Als Beispiel.')).toEqual(['Der schnellste']);
    expect(quotes('Der schnellste genugsam.')).toEqual(['Der schnellste']);
  });
});
