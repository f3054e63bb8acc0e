// find_writing_signals (docs/api-reference.md#find_writing_signals): spans, coverage, maxSignals and
// truncation, on the fixture records through the real scanner.
import { describe, expect, it } from 'vitest';
import { catalogue as bundledCatalogue } from '../../src/core/catalogue/catalogue.generated';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { RULE_IDS, type RuleId } from '../../src/core/catalogue/ids';
import { createCatalogueView } from '../../src/core/catalogue/view';
import { createDispatcher } from '../../src/core/dispatch/dispatcher';
import { compilePhrases, compileRecordSource, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';
import { createSignalScanner } from '../../src/core/scanner/scan';
import type { FindWritingSignalsResult } from '../../src/core/dispatch/types';
import { fixtureCatalogue } from './fixtures/catalogue';
import { call, dataOf } from './helpers';

const scan = async (args: unknown) => dataOf<FindWritingSignalsResult>(await call('find_writing_signals', args));

describe('find_writing_signals', () => {
  it('reports exact UTF-16 spans with 1-based line and column', async () => {
    const text = 'Intro line.\n\u{1F600} A powerful, seamless tool.';
    const data = await scan({ text, ruleIds: ['word-choice'] });
    expect(data.signals).toEqual([
      {
        ruleId: 'word-choice',
        patternId: 'word-choice.en',
        level: 'warning',
        kind: 'surface-cue',
        quote: 'powerful',
        start: 17,
        end: 25,
        encoding: 'utf16',
        reviewRequired: true,
        line: 2,
        column: 6,
      },
      expect.objectContaining({ quote: 'seamless', start: 27, end: 35, line: 2, column: 16 }),
    ]);
    for (const signal of data.signals) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  });

  it('sorts signals by start across rules', async () => {
    const text = 'Guaranteed: it is worth noting that a powerful tool is guaranteed.';
    const data = await scan({ text });
    expect(data.signals.map((s) => [s.ruleId, s.start])).toEqual([
      ['claims-evidence', 0],
      ['meta-framing', 12],
      ['word-choice', 38],
      ['claims-evidence', 55],
    ]);
  });

  it('uses the records of the requested language', async () => {
    const data = await scan({ text: 'Ein leistungsstarkes, nahtlos integriertes Werkzeug.', language: 'de' });
    expect(data.signals.map((s) => [s.quote, s.patternId])).toEqual([['nahtlos', 'word-choice.de']]);
    expect(data.coverage.language).toBe('de');
  });

  it('lists every selected rule as scanned or unscanned, exactly once', async () => {
    const all = await scan({ text: 'x' });
    expect(all.coverage.scannedRuleIds).toEqual(['meta-framing', 'claims-evidence', 'word-choice']);
    expect([...all.coverage.scannedRuleIds, ...all.coverage.unscannedRuleIds].sort()).toEqual([...RULE_IDS].sort());
    const profile = await scan({ text: 'x', profile: 'technical-reference' });
    expect(profile.coverage).toEqual({
      language: 'en',
      scannedRuleIds: ['word-choice'],
      unscannedRuleIds: ['current-state', 'concrete-subject', 'invented-labels', 'calibrated-uncertainty', 'format-fit'],
      semanticReviewRequired: true,
      maxSignals: 50,
      truncated: false,
      signalsByLevel: { warning: 0, suggestion: 0 },
    });
  });

  it('accepts an empty text and reports no signals', async () => {
    const data = await scan({ text: '' });
    expect(data.signals).toEqual([]);
    expect(data.coverage.truncated).toBe(false);
  });

  it('cuts at maxSignals and says so only when more signals existed', async () => {
    const text = 'powerful '.repeat(5);
    const exact = await scan({ text, maxSignals: 5 });
    expect(exact.signals).toHaveLength(5);
    expect(exact.coverage).toMatchObject({ maxSignals: 5, truncated: false });
    const cut = await scan({ text, maxSignals: 4 });
    expect(cut.signals.map((s) => s.start)).toEqual([0, 9, 18, 27]);
    expect(cut.coverage).toMatchObject({ maxSignals: 4, truncated: true });
  });

  it('reports no signal inside a longer word', async () => {
    const data = await scan({ text: 'overpowerful powerfully seamlessness' });
    expect(data.signals).toEqual([]);
  });

  it('orders signals of one start by end, then by rule ID', async () => {
    const record = (ruleId: RuleId, phrase: string): CompiledSignalRecord => ({
      id: `${ruleId}.en`,
      ruleId,
      language: 'en',
      level: 'warning',
      phrases: [phrase],
      source: compilePhrases([phrase]),
      flags: RECORD_FLAGS,
    });
    // Catalogue order is meta-framing, claims-evidence, word-choice; the
    // documented order is by start, then end, then rule ID.
    const view = createCatalogueView(
      {
        ...fixtureCatalogue,
        signalRecords: [record('meta-framing', 'powerful'), record('claims-evidence', 'powerful'), record('word-choice', 'powerful tool')],
      },
      createSignalScanner,
    );
    const result = await createDispatcher(view).dispatch({
      name: 'find_writing_signals',
      arguments: { text: 'A powerful tool, a powerful tool.' },
    });
    const data = dataOf<FindWritingSignalsResult>(result);
    expect(data.signals.map((s) => [s.start, s.end, s.ruleId])).toEqual([
      [2, 10, 'claims-evidence'],
      [2, 10, 'meta-framing'],
      [2, 15, 'word-choice'],
      [19, 27, 'claims-evidence'],
      [19, 27, 'meta-framing'],
      [19, 32, 'word-choice'],
    ]);
    const cut = dataOf<FindWritingSignalsResult>(
      await createDispatcher(view).dispatch({
        name: 'find_writing_signals',
        arguments: { text: 'A powerful tool, a powerful tool.', maxSignals: 4 },
      }),
    );
    expect(cut.signals).toEqual(data.signals.slice(0, 4));
    expect(cut.coverage.truncated).toBe(true);
  });
});

describe('find_writing_signals levels (bundled catalogue)', () => {
  const dispatcher = createDispatcher(createCatalogueView(bundledCatalogue, createSignalScanner));
  // Three rules, so "blazing fast" is word-choice's alone (claims-evidence lists it too).
  const ruleIds = ['meta-framing', 'concrete-subject', 'word-choice'];
  const find = async (args: Record<string, unknown>) =>
    dataOf<FindWritingSignalsResult>(await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { ruleIds, ...args } }));
  const text = 'Please note: this tool is blazing fast. Keep in mind that the cache is shared. This allows us to ship daily.';
  // Measured levels (lab/quality/form-levels.ts): "Keep in mind that" is a warning, "Please note" and "This allows" suggestions.

  it('gives every signal its level and counts the returned signals by level in coverage', async () => {
    const all = await find({ text });
    expect(all.signals.map((s) => [s.quote, s.level, s.patternId])).toEqual([
      ['Please note', 'suggestion', 'meta-framing.en.suggestion'],
      ['blazing fast', 'warning', 'word-choice.en'],
      ['Keep in mind that', 'warning', 'meta-framing.en'],
      ['This allows us', 'suggestion', 'concrete-subject.en.suggestion'],
    ]);
    expect(all.coverage.signalsByLevel).toEqual({ warning: 2, suggestion: 2 });
  });

  it("with minLevel 'warning' runs no suggestion record, and coverage counts only warnings", async () => {
    const warnings = await find({ text, minLevel: 'warning' });
    expect(warnings.signals.map((s) => s.quote)).toEqual(['blazing fast', 'Keep in mind that']);
    expect(warnings.coverage.signalsByLevel).toEqual({ warning: 2, suggestion: 0 });
    expect(await find({ text, minLevel: 'suggestion' })).toEqual(await find({ text }));
  });

  it('applies minLevel before maxSignals, so the limit counts only the levels asked for', async () => {
    const many = `${'Please note it works. '.repeat(5)}A blazing fast tool. A blazing fast tool.`;
    const cut = await find({ text: many, minLevel: 'warning', maxSignals: 1 });
    expect(cut.signals.map((s) => s.quote)).toEqual(['blazing fast']);
    expect(cut.coverage).toMatchObject({ truncated: true, signalsByLevel: { warning: 1, suggestion: 0 } });
    const mixed = await find({ text: many, maxSignals: 6 });
    expect(mixed.coverage).toMatchObject({ truncated: true, signalsByLevel: { warning: 1, suggestion: 5 } });
  });

  it('counts by level in Markdown mode too, after directives', async () => {
    const markdown =
      'Please note `blazing fast` is code.\n\n<!-- writing-rules-disable-next-line meta-framing -->\nPlease note it is blazing fast.\n';
    const data = await find({ text: markdown, format: 'markdown' });
    expect(data.signals.map((s) => [s.quote, s.level])).toEqual([
      ['Please note', 'suggestion'],
      ['blazing fast', 'warning'],
    ]);
    expect(data.coverage).toMatchObject({ suppressedSignals: 1, signalsByLevel: { warning: 1, suggestion: 1 } });
    expect((await find({ text: markdown, format: 'markdown', minLevel: 'warning' })).coverage).toMatchObject({
      suppressedSignals: 0,
      signalsByLevel: { warning: 1, suggestion: 0 },
    });
  });
});

describe('the bundled catalogue compiled on first use', () => {
  it('hands out frozen records whose forms and source cannot change after the scanner has checked them', () => {
    const record = bundledCatalogue.signalRecords[0] as CompiledSignalRecord;
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.phrases)).toBe(true);
    expect(() => (record.phrases as string[]).push('x')).toThrow(TypeError);
    expect(record.source).toBe(compileRecordSource(record));
  });
});
