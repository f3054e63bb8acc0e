// The two designs the scanner is measured against: the floor (one
// precompiled alternation of every phrase with ASCII \b, one pass) and the
// straightforward design (reference-scan.ts: one Unicode regex per record).
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { phraseToSource } from '../../src/core/scanner/phrase-pattern';

/**
 * The floor: counts matches of one `\b(?:…)\b` regex (flags `gi`) over the
 * text, with every literal phrase of the records. Bounded pairs are left out:
 * with their gaps the source passes the 20 KiB that V8 optimises, and that
 * regex runs hundreds of times slower, which would make any scanner look fast.
 */
export function createFloorScan(records: readonly CompiledSignalRecord[]): FloorScan {
  const phrases = [...new Set(records.flatMap((r) => r.phrases))].sort((a, b) => b.length - a.length);
  const regex = new RegExp(String.raw`\b(?:${phrases.map(phraseToSource).join('|')})\b`, 'gi');
  const scan = (text: string) => {
    let count = 0;
    for (const _ of text.matchAll(regex)) count++;
    return count;
  };
  return Object.assign(scan, { sourceLength: regex.source.length });
}

/** The floor, and the length of its regex source (past OPTIMISED_SOURCE_LIMIT V8 runs it unoptimised). */
export type FloorScan = ((text: string) => number) & { readonly sourceLength: number };
