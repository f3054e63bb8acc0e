// The candidate pattern may reject a position only where the reference regex
// would too: its word-edge characters must all be Unicode word characters.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { prebuiltCandidateAutomata } from '../../src/core/catalogue/compile';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { createCatalogueView } from '../../src/core/catalogue/view';
import { LANGUAGES } from '../../src/core/catalogue/ids';
import {
  COMMON_WORD_CHARS,
  compileCandidatePattern,
  compileRecordHeadPattern,
  OPTIMISED_SOURCE_LIMIT,
} from '../../src/core/scanner/candidate-pattern';
import { compilePhrases, RECORD_FLAGS, WORD_CHAR } from '../../src/core/scanner/phrase-pattern';
import { candidateAutomatonOf, createSignalScanner } from '../../src/core/scanner/scan';

describe('COMMON_WORD_CHARS', () => {
  it('holds only letters, decimal digits and _, even with case folded', () => {
    const common = new RegExp(`[${COMMON_WORD_CHARS}]`, 'i');
    const unicodeWord = new RegExp(`^${WORD_CHAR}$`, 'u');
    const outside: string[] = [];
    for (let unit = 0; unit <= 0xffff; unit++) {
      const char = String.fromCharCode(unit);
      if (common.test(char) && !unicodeWord.test(char)) outside.push(`U+${unit.toString(16).toUpperCase()}`);
    }
    expect(outside).toEqual([]);
  });
});

describe('candidate regex size', () => {
  // V8 stops optimising a regex whose source is longer than 20 KiB (about
  // eight times slower); an edge class written with \uXXXX escapes once
  // crossed it, and so did the pairs as separate alternatives.
  it('fits what V8 optimises, for the shared candidate and each record of each language', () => {
    for (const language of LANGUAGES) {
      const records = catalogue.signalRecords.filter((r) => r.language === language);
      const pattern = compileCandidatePattern(
        records.flatMap((r) => r.phrases),
        records.flatMap((r) => r.pairs ?? []),
      );
      expect(pattern.source.length, language).toBeLessThanOrEqual(OPTIMISED_SOURCE_LIMIT);
      for (const record of records)
        expect(compileRecordHeadPattern(record).source.length, record.id).toBeLessThanOrEqual(OPTIMISED_SOURCE_LIMIT);
    }
  });
});

describe('the bundled catalogue', () => {
  // The build writes the candidates so a process need not build them before
  // its first scan; a stale one would miss signals.
  it('carries, per language, the candidate the scanner builds from its records', () => {
    for (const language of LANGUAGES) {
      const records = catalogue.signalRecords.filter((r) => r.language === language);
      expect(catalogue.candidateAutomata?.[language], language).toBe(candidateAutomatonOf(records));
    }
  });

  it('lends its candidates to its own records only: a catalogue with other records scans with a candidate of its own', () => {
    expect(prebuiltCandidateAutomata(catalogue)).toBe(catalogue.candidateAutomata);
    const zorblax: CompiledSignalRecord = {
      id: 'word-choice.en',
      ruleId: 'word-choice',
      language: 'en',
      level: 'warning',
      phrases: ['zorblax'],
      source: compilePhrases(['zorblax']),
      flags: RECORD_FLAGS,
    };
    const mine = { ...catalogue, signalRecords: [zorblax] };
    expect(prebuiltCandidateAutomata(mine)).toBeUndefined();
    const view = createCatalogueView(mine, createSignalScanner);
    expect(view.scan({ text: 'A zorblax tool.', language: 'en', ruleIds: ['word-choice'] }).map((s) => s.quote)).toEqual(['zorblax']);
  });
});
