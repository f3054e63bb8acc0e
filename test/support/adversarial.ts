// Text built to make the scanner work hardest: every phrase of the language as
// a near-miss (a letter glued on either side, cut short, last letter changed,
// doubled), runs of the phrases' first letters, and phrase words split by
// line breaks, repeated to the requested length; and for records with a
// guard, guard words before a cue in every shape that makes the guard's
// look-behind read back far; for records with a gap guard, guard words and
// near-guard words in their pairs' gaps.
import type { GapGuardWords, GuardSide, GuardWords, PhrasePair } from '../../src/core/scanner/phrase-pattern';

function nearMisses(phrase: string): string[] {
  const cut = phrase.slice(0, -1);
  const last = phrase.slice(-1);
  const swapped = cut + (last === 'x' ? 'y' : 'x');
  const head = phrase.charAt(0);
  return [
    `${phrase}s`,
    `${phrase}_`,
    `x${phrase}`,
    `${cut} `,
    `${swapped} `,
    `${phrase}${phrase}`,
    `${head.repeat(40)} `,
    `${phrase.toUpperCase()}ä`,
    `${phrase.replace(/\s+/g, '\n\n')}x `,
  ];
}

/**
 * Where a guard reads back as far as it can before `cue`: a run of guard words,
 * a long word or long white space between a guard word and the cue, a comma
 * or one word too many, and white space with no guard at all (without the
 * guard's `(?=\S)`, each position in that run would read the run back).
 */
export function guardAttacks(guard: GuardWords, cue: string, side: GuardSide = 'before'): string[] {
  const [word = 'not'] = guard.words;
  if (side === 'after') return forwardGuardAttacks(guard, cue, word);
  return [
    `${`${word} `.repeat(200)}${cue}`,
    `${word} ${'x'.repeat(3_000)} ${cue}`,
    `${word}${' '.repeat(3_000)}${cue}`,
    `${word} wort${' \t'.repeat(1_000)}${cue}`,
    `${word}, ${cue}`,
    `${word} ${'wort '.repeat(guard.within + 1)}${cue}`,
    `${' '.repeat(5_000)}${cue}`,
  ];
}

/**
 * Where a forward guard reads ahead as far as it can after `cue`: runs of
 * cues each followed by guard words, a long word or long white space between
 * the cue and a guard word, one word too many, a comma, and long runs of
 * words after a cue with no guard word at all.
 */
function forwardGuardAttacks(guard: GuardWords, cue: string, word: string): string[] {
  return [
    `${`${cue} ${word} `.repeat(200)}`,
    `${`${cue} `.repeat(200)}${word}`,
    `${cue} ${'x'.repeat(3_000)} ${word}`,
    `${cue}${' '.repeat(3_000)}${word}`,
    `${cue} wort${' \t'.repeat(1_000)}${word}`,
    `${cue}, ${word}`,
    `${cue} ${'wort '.repeat(guard.within + 1)}${word}`,
    `${cue} ${'wort '.repeat(2_000)}`,
  ];
}

/**
 * Where a gap guard works hardest in a pair's gap: the gap full of guard words
 * (each refused), of near-guard words that pass ("nichtx", "xnicht", a guard
 * word doubled), a long run of opening marks before a near-guard word (the
 * look-ahead reads the whole run), runs of first parts each followed by a
 * guard word, and a guard word one word past the gap's reach.
 */
export function gapGuardAttacks(pairs: readonly PhrasePair[], notInGap: GapGuardWords): string[] {
  const [word = 'not'] = notInGap.words;
  return pairs
    .filter((pair) => pair.within > 0)
    .flatMap(({ first: [first = ''], then: [then = ''], within }) => [
      `${first} ${`${word} `.repeat(within)}${then}`,
      `${first} ${[`${word}x`, `x${word}`, `${word}${word}`].join(' ')} ${`wort `.repeat(Math.max(0, within - 3))}${then}`,
      `${first} ${'('.repeat(3_000)}${word}x ${then}`,
      `${`${first} ${word} `.repeat(200)}${then}`,
      `${first} ${'wort '.repeat(within)}${word} ${then}`,
    ]);
}

/**
 * About `units` UTF-16 units (exactly, when the phrases are BMP text) of
 * near-misses of `phrases`, with `extra` pieces (guardAttacks) in each block.
 */
export function adversarialText(phrases: readonly string[], units: number, extra: readonly string[] = []): string {
  // The extra pieces come first so that a cut to `units` keeps them.
  const block = [...extra, ...phrases.flatMap(nearMisses)].join(' ');
  return block.repeat(Math.ceil(units / block.length)).slice(0, units);
}

/** `units` UTF-16 units of the phrases themselves, one after another: the most signals a text can hold. */
export function denseText(phrases: readonly string[], units: number): string {
  const block = phrases.join(' ');
  return `${block} `.repeat(Math.ceil(units / (block.length + 1))).slice(0, units);
}

/** `unit` repeated and cut to exactly `units` UTF-16 units. */
export function filled(unit: string, units: number): string {
  return unit.repeat(Math.ceil(units / unit.length)).slice(0, units);
}

/**
 * The best of three runs of `run`, in milliseconds, after one to warm up:
 * for comparing an attack with prose timed side by side, never on its own.
 */
export function bestOfThree(run: () => unknown): number {
  run();
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
