// Turns a record's literal phrases and bounded pairs into one regex source with
// whole-word, Unicode-aware edges. The build compiles every record with it;
// the scanner, tests and the benchmark use it as the reference semantics of a
// record.

/**
 * A character that continues a word (docs/api-reference.md#word-edges): letter, decimal
 * digit or `_`. The candidate pattern derives its edge characters from it.
 */
export const WORD_CHAR = String.raw`[\p{L}\p{Nd}_]`;

/** Flags every compiled record uses: global, case-insensitive, Unicode. */
export const RECORD_FLAGS = 'giu';

/** The most words a bounded pair lets stand between its two parts. */
export const MAX_PAIR_GAP = 8;

/**
 * One word between the parts of a pair: anything but white space and the
 * marks that end a sentence or a clause (. ! ? ; :), so a pair never reaches
 * into the next sentence; nor U+FFFC, which Markdown and HTML mode put where
 * code or a URL was skipped (markup/prose-extraction.ts), so a pair never spans it.
 */
export const GAP_WORD = String.raw`[^\s.!?;:\uFFFC]+`;

/**
 * What may stand before a gap guard word in its gap word: marks that are
 * neither white space nor part of a word nor end a sentence ("(nicht)", "„nie“").
 */
export const GAP_WORD_OPENING = String.raw`[^\s.!?;:\uFFFC\p{L}\p{Nd}_]*`;

/** Phrase A, then phrase B within at most `within` words of the same sentence. */
export interface PhrasePair {
  /** The first part: any of these phrases. */
  readonly first: readonly string[];
  /** The second part: any of these phrases. */
  readonly then: readonly string[];
  /** Words allowed between the parts, 0 to MAX_PAIR_GAP. */
  readonly within: number;
}

/** What a record matches: literal phrases and bounded pairs, unless a guard word stands before. */
export interface RecordPatterns {
  readonly phrases: readonly string[];
  readonly pairs?: readonly PhrasePair[];
  /** Guard words: a match is not reported right after one of them (see GuardWords). */
  readonly notAfter?: GuardWords;
  /**
   * Guard words that reach further back in the same clause (hedges, reasons,
   * intent): `within` 0 to MAX_CLAUSE_GUARD_GAP, and a comma may follow the
   * guard word ("versucht, … jederzeit verfügbar").
   */
  readonly notAfterInClause?: GuardWords;
  /**
   * Guard words that back or limit the match from after it, in the same
   * clause ("powerful enough to", "faster than", "note that … does not"):
   * `within` 0 to MAX_CLAUSE_GUARD_GAP words between the match and the guard
   * word.
   */
  readonly notBeforeInClause?: GuardWords;
  /**
   * Words that may not stand in the gap of a pair ("nicht", "never"): a gap
   * word that holds one of them as a whole word stops the pair there. Words
   * of the pair's own phrases are not in the gap ("nicht nur … sondern").
   */
  readonly notInGap?: GapGuardWords;
  /** Comparison words with a number or multiplier within a few words (NumericComparison). */
  readonly numericComparisons?: readonly NumericComparison[];
}

/** The most words between a numeric comparison's word and its number (a marker word not counted). */
export const MAX_NUMERIC_GAP = 4;

/**
 * A comparison with a number and no source: one of `words` (a comparative,
 * "faster", "weniger", or a verb of change, "cuts", "senkt"), with a number
 * or multiplier (NUMBER_SOURCE) `before` it ("40 % faster", "in 50 % der
 * Fälle schneller") or `after` it ("cuts build time by 40 %"), at most
 * `within` words of the same clause between. With `marker`, one of its words
 * stands right next to the number, between it and the word ("by 40 %",
 * "um 30 %", "3 times faster"). A number after the word is part of the
 * signal; a number before it is checked by a look-behind, so the signal
 * starts at the word, where the shared candidate finds it.
 */
export interface NumericComparison {
  readonly words: readonly string[];
  /** Where the number stands; `word` for words that name their factor themselves ("halves", "verdoppelt"): no number, `within` 0, no marker. */
  readonly number: 'before' | 'after' | 'word';
  readonly within: number;
  readonly marker?: readonly string[];
}

/**
 * The multiplier words a number may be instead of digits, English and German
 * in one fixed list (a word of one language is no number in the other).
 */
export const MULTIPLIER_WORDS: readonly string[] = [
  'twice',
  'thrice',
  'half',
  'double',
  'triple',
  'quadruple',
  'twofold',
  'threefold',
  'fourfold',
  'fivefold',
  'tenfold',
  'hundredfold',
  'doppelt',
  'halb',
  'zweimal',
  'dreimal',
  'viermal',
  'fünfmal',
  'zehnmal',
  'hundertmal',
  'tausendmal',
  'zweifach',
  'dreifach',
  'vierfach',
  'fünffach',
  'zehnfach',
  'hundertfach',
];

/** Digits with an optional decimal or grouped part: "40", "1.5", "2,5", "10,000"; or a range of two: "2-4", "3–20". */
const DIGITS = String.raw`\d+(?:[.,]\d+)*(?:[-–]\d+(?:[.,]\d+)*)?`;
/** DIGITS read from right to left (for the look-behind's proof). */
const DIGITS_REVERSED = String.raw`(?:(?:\d+[.,])*\d+[-–])?(?:\d+[.,])*\d+`;
/**
 * What may not stand right before a number: a word character or a hyphen, so
 * a number glued to a name ("revtex4-1", "utf-8") is none.
 */
const BEFORE_NUMBER = String.raw`[\p{L}\p{Nd}_\-–]`;
/**
 * Words that end a numeric comparison's gap: a number joined to the word by
 * them is a bound or a list ("0 or smaller", "48x und schneller"), not a
 * comparison.
 */
export const NUMERIC_GAP_STOP_WORDS: readonly string[] = ['or', 'and', 'oder', 'und'];
/** One clause word of a numeric comparison's gap: any but a stop word. */
function numericGapWord(): string {
  return `(?!(?:${NUMERIC_GAP_STOP_WORDS.join('|')})(?!${WORD_CHAR}))${CLAUSE_WORD}`;
}
/** What may follow the digits: a percent or times sign (after one optional space), `x`, or -fold, -fach, -mal. */
const NUMBER_SUFFIX = String.raw`(?:\s?[%×]|x|-?fold|-?fach|-?mal)`;
const NUMBER_SUFFIX_REVERSED = String.raw`(?:[%×]\s?|x|(?:dlof|hcaf|lam)-?)`;

/** A number or multiplier as one unit of a numeric comparison: "40", "40 %", "3x", "3×", "10-fold", "twice", "doppelt". */
export function numberSource(): string {
  return `(?:${DIGITS}${NUMBER_SUFFIX}?|${orderPhrases(MULTIPLIER_WORDS).map(phraseToSource).join('|')})`;
}

/** numberSource with the multiplier words as `x` (the proof skeleton of a number after its word). */
export function numberSkeleton(): string {
  return `(?:${DIGITS}${NUMBER_SUFFIX}?|x)`;
}

/** numberSource read from right to left, multiplier words as `x` (the look-behind's proof skeleton). */
export function reversedNumberSkeleton(): string {
  return `(?:${NUMBER_SUFFIX_REVERSED}?${DIGITS_REVERSED}|x)`;
}

/** A number with whole-word edges, no hyphen before it. */
function edgedNumber(): string {
  return `(?<!${BEFORE_NUMBER})${numberSource()}(?!${WORD_CHAR})`;
}

/** Up to `within` words of the clause, none a stop word, each after its white space. */
function clauseWords(within: number): string {
  return within === 0 ? '' : String.raw`(?:\s+${numericGapWord()}){0,${within}}`;
}

/**
 * One numeric comparison as regex source. `before`: a look-behind for the
 * number (and marker), up to `within` clause words, white space, then the
 * word (the look-behind runs only where no white space follows, like a
 * guard's); `after`: the word, up to `within` clause words (fewest first),
 * white space, the marker and the number; `word`: the words alone.
 */
export function numericComparisonToSource(comparison: NumericComparison): string {
  const words = `(?:${orderPhrases(comparison.words).map(phraseToSource).join('|')})`;
  if (comparison.number === 'word') return words;
  const marker = comparison.marker === undefined ? '' : `(?:${orderPhrases(comparison.marker).map(phraseToSource).join('|')})`;
  if (comparison.number === 'before') {
    const afterNumber = marker === '' ? '' : String.raw`\s+${marker}`;
    return String.raw`(?=\S)(?<=${edgedNumber()}${afterNumber}${clauseWords(comparison.within)}\s+)${words}`;
  }
  const gap = comparison.within === 0 ? '' : String.raw`(?:\s+${numericGapWord()}){0,${comparison.within}}?`;
  const beforeNumber = marker === '' ? '' : String.raw`${marker}\s+`;
  return String.raw`${words}${gap}\s+${beforeNumber}${numberSource()}`;
}

/** Words that may not stand in a pair's gap: single words, matched like phrases. */
export interface GapGuardWords {
  /** Single words, matched like phrases: whole words, any case, ' matches ’. */
  readonly words: readonly string[];
}

/**
 * A record's guard: no match is reported when one of `words` stands before it
 * with at most `within` words of the same clause between ("nicht der
 * schnellste": `within: 1`; "isn't always": `within: 0`).
 */
export interface GuardWords {
  /** Single words, matched like phrases: whole words, any case, ' matches ’. */
  readonly words: readonly string[];
  /** Words allowed between a guard word and the match, 0 to MAX_GUARD_GAP. */
  readonly within: number;
}

/** The most guard words a record lists: a short list of negations, not a vocabulary. */
export const MAX_GUARD_WORDS = 32;

/**
 * The most words between a guard word and a match: one, so a guard reaches at
 * most two words back. More would reach past "only" and silence the claim in
 * "not only the fastest".
 */
export const MAX_GUARD_GAP = 1;

/**
 * The most words between a clause guard word (notAfterInClause) and a match:
 * a hedge or a reason governs its clause ("möglicherweise doppelt so schnell",
 * "ist damit eine der schnellsten"), and six words cover a German clause's
 * middle field in product copy without reaching into the next clause, which
 * the clause's own punctuation stops anyway.
 */
export const MAX_CLAUSE_GUARD_GAP = 6;

/**
 * One word between a guard word and a match: like GAP_WORD, and no comma
 * either, so a guard never reaches into the previous clause ("Nicht nur das, der schnellste …").
 */
export const CLAUSE_WORD = String.raw`[^\s.,!?;:\uFFFC]+`;

// `-` stays unescaped: outside a class it is literal, and `\-` is a syntax error under the `u` flag.
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

const APOSTROPHE = /['’]/g;
const WHITE_SPACE = /\s+/g;

/** A literal phrase as regex source: a space matches any run of white space, ' matches ' and ’. */
export function phraseToSource(phrase: string): string {
  // Three replacements over the whole phrase rather than per word: this runs
  // for every form when the catalogue loads, before V8 optimises it.
  return phrase.trim().replace(REGEX_SPECIAL, '\\$&').replace(APOSTROPHE, "['’]").replace(WHITE_SPACE, String.raw`\s+`);
}

/**
 * Phrases in the order a record's alternation tries them: trimmed, without
 * repeats, longest first, then in code-unit order.
 */
export function orderPhrases(phrases: readonly string[]): string[] {
  // Grouped by length, each group sorted without a comparator (the default
  // sort compares code units): the same order as one sort with a comparator,
  // without a call into JavaScript per comparison. This runs for every form
  // when the catalogue loads, before V8 optimises it.
  const byLength: string[][] = [];
  const seen = new Set<string>();
  for (let index = 0; index < phrases.length; index += 1) {
    const phrase = (phrases[index] as string).trim();
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    (byLength[phrase.length] ??= []).push(phrase);
  }
  const ordered: string[] = [];
  for (let length = byLength.length - 1; length >= 0; length -= 1) {
    const group = byLength[length];
    if (group !== undefined) ordered.push(...group.sort());
  }
  return ordered;
}

/**
 * The gap of a pair: a comma that may end A ("In this section, we will"),
 * up to `within` words, fewest first, then the white space before B. With
 * `notInGap`, a negative look-ahead before each gap word refuses a word that
 * is a guard word, alone or after opening marks and before any other mark
 * ("nicht", "(nicht)", "nicht,"); a word that merely begins with the letters
 * ("nichts", "Nichtraucher") or holds the guard word after a letter or a
 * hyphen ("x-nicht") passes. The gap word itself stays GAP_WORD, a run of one
 * character class: checking before every character instead cost a tenth more
 * scanning time on prose. Without `notInGap` the source is what it always was.
 */
export function gapSource(within: number, notInGap?: GapGuardWords): string {
  return gapOfWords(within, notInGap === undefined ? GAP_WORD : guardedGapWord(notInGap));
}

/** A pair's gap with `word` as the source of one gap word. */
function gapOfWords(within: number, word: string): string {
  const words = within === 0 ? '' : String.raw`(?:\s+${word}){0,${within}}?`;
  return String.raw`,?${words}\s+`;
}

/** A gap word that is none of the guard words (see gapSource). */
export function guardedGapWord({ words }: GapGuardWords): string {
  return `(?!${GAP_WORD_OPENING}(?:${guardAlternation(words)})(?!${WORD_CHAR}))${GAP_WORD}`;
}

/**
 * One pair as regex source. The gap is lazy, so the signal ends at the first
 * B after A: the shortest span that shows the cue.
 */
export function pairToSource(pair: PhrasePair, notInGap?: GapGuardWords): string {
  const side = (phrases: readonly string[]) => `(?:${orderPhrases(phrases).map(phraseToSource).join('|')})`;
  return `${side(pair.first)}${gapSource(pair.within, notInGap)}${side(pair.then)}`;
}

/**
 * The regex source of a record: pairs first (a pair that matches at a position
 * reports its whole span rather than a literal that starts there), then the
 * literal phrases, longest first, so the leftmost match is also the longest
 * phrase starting there.
 */
export function compileRecordSource(patterns: RecordPatterns): string {
  const alternatives = [
    ...(patterns.pairs ?? []).map((pair) => pairToSource(pair, patterns.notInGap)),
    ...(patterns.numericComparisons ?? []).map(numericComparisonToSource),
    ...orderPhrases(patterns.phrases).map(phraseToSource),
  ];
  const guard = patterns.notAfter ? guardSource(patterns.notAfter) : '';
  const clauseGuard = patterns.notAfterInClause ? guardSource(patterns.notAfterInClause, true) : '';
  const forwardGuard = patterns.notBeforeInClause ? forwardGuardSource(patterns.notBeforeInClause) : '';
  return `(?<!${WORD_CHAR})${guard}${clauseGuard}(?:${alternatives.join('|')})(?!${WORD_CHAR})${forwardGuard}`;
}

/**
 * The guard of a record: a whole guard word (with `comma`, optionally followed
 * by a comma, as in "versucht, …"), then up to `within` words of the
 * same clause, then the white space before the match, as a
 * negative look-behind. `(?=\S)` comes first so the look-behind only runs where
 * a match could begin, never inside a run of white space: each attempt reads
 * back one run of white space and one word, and no other attempt reads the same
 * ones (scripts/catalogue/linear-time.ts proves the rest). Guard words are
 * single words, matched like phrases (case-insensitive, ' matches ').
 */
export function guardSource({ words, within }: GuardWords, comma = false): string {
  const { guards, between } = guardParts({ words, within });
  return String.raw`(?=\S)(?<!(?<!${WORD_CHAR})(?:${guards})${comma ? ',?' : ''}${between}\s+)`;
}

/**
 * The forward guard of a record (notBeforeInClause): up to `within` words of
 * the same clause after the match, then a whole guard word, as a negative
 * look-ahead right after the match's trailing edge. Whatever follows the guard
 * word only has to end the word, so punctuation may follow it ("enough,",
 * "than:"). The look-ahead runs once per match the alternatives find, and the
 * alternatives may backtrack to a shorter one at the same position, which the
 * look-ahead then judges from its own end: the record reports its first
 * alternative that no guard word follows. Guard words are single words,
 * matched like phrases; one may begin with punctuation ("(about").
 */
export function forwardGuardSource({ words, within }: GuardWords): string {
  const { guards, between } = guardParts({ words, within });
  return String.raw`(?!${between}\s+(?:${guards})(?!${WORD_CHAR}))`;
}

/** Guard words as one alternation, longest first: each matched like a phrase. */
function guardAlternation(words: readonly string[]): string {
  return orderPhrases(words).map(phraseToSource).join('|');
}

/** The guard words as one alternation, and up to `within` words of the clause (each after its white space). */
function guardParts({ words, within }: GuardWords): { guards: string; between: string } {
  return {
    guards: guardAlternation(words),
    between: within === 0 ? '' : String.raw`(?:\s+${CLAUSE_WORD}){0,${within}}`,
  };
}

/** Which side of the match a guard reads: `before` (look-behind) or `after` (look-ahead). */
export type GuardSide = 'before' | 'after';

/** The guards of a record with the comma flag and side of each, in the order the source checks them. */
export function recordGuards(
  patterns: Pick<RecordPatterns, 'notAfter' | 'notAfterInClause' | 'notBeforeInClause'>,
): { guard: GuardWords; comma: boolean; side: GuardSide; field: 'notAfter' | 'notAfterInClause' | 'notBeforeInClause' }[] {
  return [
    ...(patterns.notAfter ? [{ guard: patterns.notAfter, comma: false, side: 'before' as const, field: 'notAfter' as const }] : []),
    ...(patterns.notAfterInClause
      ? [{ guard: patterns.notAfterInClause, comma: true, side: 'before' as const, field: 'notAfterInClause' as const }]
      : []),
    ...(patterns.notBeforeInClause
      ? [{ guard: patterns.notBeforeInClause, comma: false, side: 'after' as const, field: 'notBeforeInClause' as const }]
      : []),
  ];
}

/** The regex source for a list of literal phrases alone. */
export function compilePhrases(phrases: readonly string[]): string {
  return compileRecordSource({ phrases });
}

/** Every phrase a match of the record can begin with: the literals, each pair's first part and each numeric comparison's words. */
export function openingPhrases(patterns: RecordPatterns): string[] {
  return [...candidatePhrases(patterns), ...(patterns.pairs ?? []).flatMap((p) => p.first)];
}

/**
 * The literal phrases the shared candidate and a record's filter look for:
 * its phrases and the words of its numeric comparisons, where each of their
 * matches begins.
 */
export function candidatePhrases(patterns: Pick<RecordPatterns, 'phrases' | 'numericComparisons'>): readonly string[] {
  const { numericComparisons } = patterns;
  return numericComparisons === undefined || numericComparisons.length === 0
    ? patterns.phrases
    : [...patterns.phrases, ...numericComparisons.flatMap((c) => c.words)];
}
