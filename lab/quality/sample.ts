// The hand-checked precision sample: which signals are judged, and the text a
// judge sees around each. Used by lab/quality/measure-precision.ts.
import { readFileSync } from 'node:fs';

/**
 * A tab-separated table with a header line (the samples in lab/data/), as one
 * record per line keyed by column name; a cell a short line lacks is ''.
 */
export function readTable(path: string): Record<string, string>[] {
  const [header = '', ...lines] = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const names = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

/** Where a signal stands: its record, its document and its offset there. */
export interface PlacedSignal {
  readonly patternId: string;
  readonly source: string;
  readonly offset: number;
}

/** A 32-bit FNV-1a hash. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A signal's place in its record's sample: a salted hash of where it stands.
 * The sample of a record is its PER_RECORD lowest-ranked signals, so a list
 * change that removes signals keeps every other signal's place (the sample
 * only moves up to the next ranks), and one that adds signals lets in only
 * those that rank high: before and after are judged on the same lines.
 */
export const rankOf = (h: PlacedSignal, salt: string) => hashOf(`${salt}|${h.patternId}|${h.source}|${h.offset}`);

export function byRank<T extends PlacedSignal>(list: readonly T[], salt: string): T[] {
  return [...list].sort((a, b) => rankOf(a, salt) - rankOf(b, salt) || a.source.localeCompare(b.source) || a.offset - b.offset);
}

/**
 * The sentence around a match and, by default, the sentence before it (a
 * reason or hedge there can decide a verdict), at most ~280 units before and
 * ~140 after, the quote in [[ ]].
 */
export function contextOf(text: string, start: number, end: number, sentencesBefore: 0 | 1 = 1): string {
  const paraBreak = text.lastIndexOf('\n\n', start);
  const para = paraBreak < 0 ? 0 : paraBreak + 2;
  const paraEndAt = text.indexOf('\n\n', end);
  const paraEnd = paraEndAt < 0 ? text.length : paraEndAt;
  let from = start;
  let boundaries = 0;
  while (from > para && start - from < 280) {
    if (/[.!?]\s$/.test(text.slice(from - 2, from)) && ++boundaries > sentencesBefore) break;
    from--;
  }
  let to = end;
  while (to < paraEnd && to - end < 140 && !/[.!?]/.test(text[to - 1] ?? '')) to++;
  const pre = from > para && start - from >= 280 ? '…' : '';
  const post = to < paraEnd && to - end >= 140 ? '…' : '';
  return `${pre}${text.slice(from, start)}[[${text.slice(start, end)}]]${text.slice(end, to)}${post}`.replace(/\s+/g, ' ').trim();
}

/**
 * Half-width of the 95 % range of the weighted share: each record is a stratum whose
 * share is estimated from its judged lines, drawn without replacement from its signals
 * (so a record judged whole adds no doubt). NaN when a record has one judged
 * line of several: its doubt cannot be estimated.
 */
export function margin95(strata: readonly { signals: number; judged: number; agreed: number }[]): number {
  const total = strata.reduce((sum, s) => sum + s.signals, 0);
  let variance = 0;
  for (const { signals, judged, agreed } of strata) {
    if (signals <= judged) continue;
    // One judged line of several says nothing about how its record varies.
    if (judged < 2) return Number.NaN;
    const share = agreed / judged;
    // s² = share·(1 − share)·n/(n − 1) per line; the mean of n drawn from N varies by s²/n·(N − n)/N.
    const finite = (signals - judged) / signals;
    variance += (signals / total) ** 2 * ((share * (1 - share)) / (judged - 1)) * finite;
  }
  return 1.96 * Math.sqrt(variance);
}

/** A flagged sentence shorter than this is too common ("Note that it is free.") to say two lines share their text. */
const SHARED_SENTENCE_UNITS = 25;

/**
 * The sentence of a sample line's context that holds the [[quote]], without
 * the brackets; '' when it is too short to tell one line from another.
 */
export function flaggedSentence(context: string): string {
  const open = context.indexOf('[[');
  const close = context.indexOf(']]', open);
  if (open < 0 || close < 0) return '';
  const ends = (from: number) => [...context.slice(from).matchAll(/[.!?] /g)].map((m) => from + m.index);
  const before = ends(0).filter((i) => i < open);
  const after = ends(close);
  const from = before.length > 0 ? before[before.length - 1]! + 2 : 0;
  const sentence = plainContext(context.slice(from, after[0] ?? context.length));
  return sentence.length >= SHARED_SENTENCE_UNITS ? sentence : '';
}

/** A context as plain text: no [[ ]], no ellipsis marking a cut, white space as single spaces. */
export const plainContext = (context: string) =>
  context
    .replace(/\[\[|\]\]/g, '')
    .replace(/…/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a sample line's sentence also stands in a development line's
 * context (as its sentence, or as the sentence before): the engineers who
 * changed the lists saw that development line, so the sample line is not
 * unseen text. `developmentText` is the plain contexts joined by line breaks.
 */
export const seenInDevelopment = (context: string, developmentText: string) => {
  const sentence = flaggedSentence(context);
  return sentence !== '' && developmentText.includes(sentence);
};
