// The two designs the scanner is measured against: the floor (one
// precompiled alternation of every phrase with ASCII \b, one pass) and the
// straightforward design (reference-scan.ts: one Unicode regex per record).
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { pairToSource } from '../../src/core/scanner/phrase-pattern';

function phraseSource(phrase: string): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&').replace(/['’]/g, "['’]"))
    .join(String.raw`\s+`);
}

/**
 * The floor: counts matches of one `\b(?:…)\b` regex (flags `gi`) over the
 * text, with every literal phrase and every bounded pair of the records.
 */
export function createFloorScan(records: readonly CompiledSignalRecord[]): (text: string) => number {
  const phrases = [...new Set(records.flatMap((r) => r.phrases))].sort((a, b) => b.length - a.length);
  const pairs = records.flatMap((r) => (r.pairs ?? []).map(pairToSource));
  const regex = new RegExp(String.raw`\b(?:${[...pairs, ...phrases.map(phraseSource)].join('|')})\b`, 'gi');
  return (text) => {
    let count = 0;
    for (const _ of text.matchAll(regex)) count++;
    return count;
  };
}
