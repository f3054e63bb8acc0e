// The gap guard (notInGap) on the compiled catalogue: a record without it
// compiles to the very source it compiled to before the guard existed, a
// record with it differs only in the words of its pairs' gaps, each record
// that keeps negations out of its gaps shows one in a non-match that its
// pairs would otherwise report, and dist/signal-forms.json lists the words.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { signalFileSchema } from '../../src/core/catalogue/files-schema';
import { levelRecordsOf } from '../../src/core/catalogue/compile';
import { SIGNAL_FORMS_FILE } from '../../scripts/catalogue/emit';
import {
  compileRecordSource,
  forwardGuardSource,
  GAP_WORD,
  guardedGapWord,
  guardSource,
  numericComparisonToSource,
  orderPhrases,
  phraseToSource,
  RECORD_FLAGS,
  type RecordPatterns,
  WORD_CHAR,
} from '../../src/core/scanner/phrase-pattern';

// The record source as written before notInGap existed, spelled out here so
// that a change to the shared compiler cannot move both sides at once: the gap
// is the literal text it always was.
function sourceBeforeGapGuard(patterns: RecordPatterns): string {
  const side = (phrases: readonly string[]) => `(?:${orderPhrases(phrases).map(phraseToSource).join('|')})`;
  const gap = (within: number) => (within === 0 ? String.raw`,?\s+` : String.raw`,?(?:\s+[^\s.!?;:\uFFFC]+){0,${within}}?\s+`);
  const pairs = (patterns.pairs ?? []).map((pair) => `${side(pair.first)}${gap(pair.within)}${side(pair.then)}`);
  // Numeric comparisons take no gap guard: their source is the shared compiler's.
  const alternatives = [
    ...pairs,
    ...(patterns.numericComparisons ?? []).map(numericComparisonToSource),
    ...orderPhrases(patterns.phrases).map(phraseToSource),
  ];
  const before = `${patterns.notAfter ? guardSource(patterns.notAfter) : ''}${patterns.notAfterInClause ? guardSource(patterns.notAfterInClause, true) : ''}`;
  const after = patterns.notBeforeInClause ? forwardGuardSource(patterns.notBeforeInClause) : '';
  return `(?<!${WORD_CHAR})${before}(?:${alternatives.join('|')})(?!${WORD_CHAR})${after}`;
}

const guarded = catalogue.signalRecords.filter((r) => r.notInGap !== undefined);
const unguarded = catalogue.signalRecords.filter((r) => r.notInGap === undefined);

describe('the gap guard on the compiled catalogue', () => {
  it.each(unguarded.map((r) => [r.id, r] as const))(
    '%s, without notInGap, compiles byte for byte as before the guard existed',
    (_id, record) => {
      expect(record.source).toBe(sourceBeforeGapGuard(record));
    },
  );

  it.each(guarded.map((r) => [r.id, r] as const))('%s differs from its unguarded source only in the words of its gaps', (_id, record) => {
    const word = guardedGapWord(record.notInGap!);
    expect(record.source).toContain(word);
    expect(record.source.replaceAll(word, GAP_WORD)).toBe(sourceBeforeGapGuard(record));
  });

  it('guards the gaps of reported-evidence, claims-evidence and unsupported-causality in both languages, and of German concrete-subject', () => {
    expect([...new Set(guarded.map((r) => `${r.ruleId}.${r.language}`))].sort()).toEqual([
      'claims-evidence.de',
      'claims-evidence.en',
      'concrete-subject.de',
      'reported-evidence.de',
      'reported-evidence.en',
      'unsupported-causality.de',
      'unsupported-causality.en',
    ]);
  });

  it("lists each record's gap guard words in dist/signal-forms.json", () => {
    const forms = JSON.parse(readFileSync(fileURLToPath(new URL(`../../${SIGNAL_FORMS_FILE}`, import.meta.url)), 'utf8')) as {
      records: { id: string; notInGap?: { words: string[] } }[];
    };
    for (const record of catalogue.signalRecords) {
      expect(forms.records.find((r) => r.id === record.id)?.notInGap).toEqual(record.notInGap);
    }
  });
});

// Each guarded record's examples: some non-match is one its pairs would report
// without the guard, so the guard is what keeps it silent (the build checks
// that the record itself reports nothing there).
const signalsDir = fileURLToPath(new URL('../../catalogue/signals/', import.meta.url));
const examples = SCANNABLE_RULE_IDS.flatMap((ruleId) => {
  const file = signalFileSchema.parse(parse(readFileSync(`${signalsDir}${ruleId}.yaml`, 'utf8')));
  return LANGUAGES.flatMap((language) => levelRecordsOf(file[language], ruleId, language).map((record) => ({ id: record.id, record })));
});

describe.each(guarded.map((r) => [r.id, r] as const))('%s', (id, record) => {
  const written = examples.find((e) => e.id === id)!.record;
  const withoutGuard = new RegExp(compileRecordSource({ ...record, notInGap: undefined }), RECORD_FLAGS);

  it('has a non-match that only the gap guard keeps silent', () => {
    const silencedByGuard = written.nonMatches.filter((text) => [...text.matchAll(withoutGuard)].length > 0);
    expect(silencedByGuard.length).toBeGreaterThan(0);
  });
});
