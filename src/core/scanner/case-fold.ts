// Which characters the `u` flag's case-insensitive matching treats as equal to a
// phrase character while the faster non-`u` matching does not (Kelvin sign, long
// s, capital sharp s, ...). The candidate pattern adds them so that it never
// misses a match the reference regex finds; test/core/scanner-case-fold.test.ts
// rederives this table from the engine.

/**
 * Each group is a BMP character followed by the characters that `/c/iu` matches
 * and `/c/i` does not.
 */
const UNICODE_ONLY_FOLDS =
  '\u004B\u212A \u0053\u017F \u006B\u212A \u0073\u017F \u00C5\u212B \u00DF\u1E9E \u00E5\u212B ' +
  '\u017F\u0053\u0073 \u0390\u1FD3 \u0398\u03F4 \u03A9\u2126 \u03B0\u1FE3 \u03B8\u03F4 \u03C9\u2126 ' +
  '\u03D1\u03F4 \u03F4\u0398\u03B8\u03D1 \u1E9E\u00DF \u1F80\u1F88 \u1F81\u1F89 \u1F82\u1F8A ' +
  '\u1F83\u1F8B \u1F84\u1F8C \u1F85\u1F8D \u1F86\u1F8E \u1F87\u1F8F \u1F88\u1F80 \u1F89\u1F81 ' +
  '\u1F8A\u1F82 \u1F8B\u1F83 \u1F8C\u1F84 \u1F8D\u1F85 \u1F8E\u1F86 \u1F8F\u1F87 \u1F90\u1F98 ' +
  '\u1F91\u1F99 \u1F92\u1F9A \u1F93\u1F9B \u1F94\u1F9C \u1F95\u1F9D \u1F96\u1F9E \u1F97\u1F9F ' +
  '\u1F98\u1F90 \u1F99\u1F91 \u1F9A\u1F92 \u1F9B\u1F93 \u1F9C\u1F94 \u1F9D\u1F95 \u1F9E\u1F96 ' +
  '\u1F9F\u1F97 \u1FA0\u1FA8 \u1FA1\u1FA9 \u1FA2\u1FAA \u1FA3\u1FAB \u1FA4\u1FAC \u1FA5\u1FAD ' +
  '\u1FA6\u1FAE \u1FA7\u1FAF \u1FA8\u1FA0 \u1FA9\u1FA1 \u1FAA\u1FA2 \u1FAB\u1FA3 \u1FAC\u1FA4 ' +
  '\u1FAD\u1FA5 \u1FAE\u1FA6 \u1FAF\u1FA7 \u1FB3\u1FBC \u1FBC\u1FB3 \u1FC3\u1FCC \u1FCC\u1FC3 ' +
  '\u1FD3\u0390 \u1FE3\u03B0 \u1FF3\u1FFC \u1FFC\u1FF3 \u2126\u03A9\u03C9 \u212A\u004B\u006B ' +
  '\u212B\u00C5\u00E5 \uFB05\uFB06 \uFB06\uFB05';

const extrasByChar: ReadonlyMap<string, string> = new Map(UNICODE_ONLY_FOLDS.split(' ').map((group) => [group.charAt(0), group.slice(1)]));

/** Characters `/c/iu` matches beyond what `/c/i` already matches (often none). */
export function unicodeOnlyFolds(char: string): string {
  return extrasByChar.get(char) ?? '';
}

/** The whole table, for the test that rederives it from the engine. */
export const UNICODE_ONLY_FOLD_TABLE: ReadonlyMap<string, string> = extrasByChar;

// The case folding of the non-`u` flag (ECMA-262 Canonicalize without Unicode).
function nonUnicodeCanonical(char: string): string {
  const upper = char.toUpperCase();
  if (upper.length !== 1) return char;
  return char.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128 ? char : upper;
}

// Every character of the table stands for the smallest member of its class:
// the characters a group of the table names are one class, and classes that
// share a character are one. Union-find, each root its class's smallest
// character (single code units, compared as strings), so a cold import
// spends a fraction of a millisecond here.
const parentOf = new Map<string, string>();
function rootOf(char: string): string {
  let root = char;
  for (let up = parentOf.get(root); up !== undefined && up !== root; up = parentOf.get(root)) root = up;
  return root;
}
for (const [char, extras] of extrasByChar) {
  if (!parentOf.has(char)) parentOf.set(char, char);
  for (const other of extras) {
    if (!parentOf.has(other)) parentOf.set(other, other);
    const [a, b] = [rootOf(char), rootOf(other)];
    if (a < b) parentOf.set(b, a);
    else if (b < a) parentOf.set(a, b);
  }
}
const representative = new Map<string, string>([...parentOf.keys()].map((char) => [char, rootOf(char)]));

// Text characters the non-`u` flag would not fold to their representative.
const foreign = new Map([...representative].filter(([c, r]) => nonUnicodeCanonical(c) !== nonUnicodeCanonical(r)));
const FOREIGN = new RegExp(`[${[...foreign.keys()].join('')}]`, 'g');

/** A phrase with each character of the table replaced by its class's representative. */
export function foldUnicodeOnly(phrase: string): string {
  return [...phrase].map((c) => representative.get(c) ?? c).join('');
}

/**
 * The text with each character that only the `u` flag folds replaced by its
 * representative: same length, same offsets. Most texts have none and come
 * back unchanged.
 */
export function foldTextUnicodeOnly(text: string): string {
  FOREIGN.lastIndex = 0;
  if (!FOREIGN.test(text)) return text;
  return text.replace(FOREIGN, (c) => foreign.get(c) as string);
}

// foldUnicodeOnly as passes of the regex engine: one per class with members
// common in Latin text (k, s), then one for all the rarer members.
let foldPasses: { readonly passes: readonly (readonly [RegExp, string])[]; readonly rare: RegExp } | undefined;

/**
 * foldUnicodeOnly for a long text (many phrases at once): the same result,
 * without a JavaScript step per character.
 */
export function foldUnicodeOnlyLong(text: string): string {
  if (foldPasses === undefined) {
    const members = new Map<string, string[]>();
    for (const [char, representativeOf] of representative) {
      if (char !== representativeOf) members.set(representativeOf, [...(members.get(representativeOf) ?? []), char]);
    }
    const classBody = (chars: readonly string[]) => chars.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const common = [...members].filter(([, chars]) => chars.some((c) => c.charCodeAt(0) < 0x80));
    const rare = [...members].filter(([, chars]) => chars.every((c) => c.charCodeAt(0) >= 0x80)).flatMap(([, chars]) => chars);
    foldPasses = {
      passes: common.map(([to, chars]) => [new RegExp(`[${classBody(chars)}]`, 'g'), to] as const),
      rare: new RegExp(`[${classBody(rare)}]`, 'g'),
    };
  }
  let folded = text;
  for (const [pattern, to] of foldPasses.passes) folded = folded.replace(pattern, to);
  return folded.replace(foldPasses.rare, (c) => representative.get(c) as string);
}
