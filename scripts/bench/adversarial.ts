// Text built to make the scanner work hardest: every phrase of the language as
// a near-miss (a letter glued on either side, cut short, last letter changed,
// doubled), runs of the phrases' first letters, and phrase words split by
// line breaks, repeated to the requested length.

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

/** About `units` UTF-16 units (exactly, when the phrases are BMP text) of near-misses of `phrases`. */
export function adversarialText(phrases: readonly string[], units: number): string {
  const block = phrases.flatMap(nearMisses).join(' ');
  return block.repeat(Math.ceil(units / block.length)).slice(0, units);
}

/** `units` UTF-16 units of the phrases themselves, one after another: the most signals a text can hold. */
export function denseText(phrases: readonly string[], units: number): string {
  const block = phrases.join(' ');
  return `${block} `.repeat(Math.ceil(units / (block.length + 1))).slice(0, units);
}
