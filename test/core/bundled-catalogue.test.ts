// The public entry on the bundled catalogue: frozen descriptors, every rule
// and profile served, both prompt languages complete, coverage of the eight
// scannable rules, and the largest text cut at maxSignals.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { catalogueVersion, createWritingToolDispatcher, writingReviewTools } from '../../src/core/index';
import { dataOf, reviewContext } from './helpers';

const dispatcher = createWritingToolDispatcher({ reviewContext });

describe('the bundled catalogue through the public entry', () => {
  it('exports a frozen array of the four descriptors and the catalogue version', () => {
    expect(Object.isFrozen(writingReviewTools)).toBe(true);
    expect(writingReviewTools).toHaveLength(4);
    expect(catalogueVersion).toBe(catalogue.catalogueVersion);
  });

  it('serves all twenty rules in catalogue order', async () => {
    const data = dataOf(await dispatcher.dispatch({ name: 'get_writing_rules', arguments: {} }));
    expect(data.rules.map((rule) => rule.id)).toEqual([...RULE_IDS]);
  });

  it.each(PROFILE_IDS.flatMap((profile) => (['en', 'de'] as const).map((language) => [profile, language] as const)))(
    'composes the %s prompt in %s with every rule layer',
    async (profile, language) => {
      const data = dataOf(await dispatcher.dispatch({ name: 'compose_writing_review_prompt', arguments: { profile, language } }));
      expect(data.ruleIds).toEqual(catalogue.profiles[profile]);
      for (const id of data.ruleIds) {
        const rule = catalogue.rules.find((r) => r.id === id)!;
        expect(data.prompt).toContain(rule.prompt[language]);
        expect(data.prompt).toContain(rule.examples[language].condition);
      }
      expect(data.segments.at(-1)?.source).toBe('guardrail');
    },
  );

  it.each(['en', 'de'] as const)('scans exactly the eight scannable rules in %s', async (language) => {
    const data = dataOf(await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: '', language } }));
    expect([...data.coverage.scannedRuleIds].sort()).toEqual([...SCANNABLE_RULE_IDS].sort());
    expect(data.coverage.unscannedRuleIds).toHaveLength(RULE_IDS.length - SCANNABLE_RULE_IDS.length);
  });

  it('flags "powerful" in "A powerful review panel."', async () => {
    const data = dataOf(
      await dispatcher.dispatch({
        name: 'find_writing_signals',
        arguments: { text: 'A powerful review panel.', ruleIds: ['word-choice'] },
      }),
    );
    expect(data.signals.map((s) => s.quote)).toEqual(['powerful']);
  });

  it('returns the first 500 signals of a full scan of a 250,000-unit text, and says more existed', async () => {
    // The scanner stops early when a limit is given; what it keeps must be the
    // head of the full, sorted list. (The time this takes is a row of `npm run bench`.)
    const text = 'Plain words about the review service and its powerful setup. '.repeat(5000).slice(0, 250_000);
    const full = createSignalScanner(catalogue.signalRecords)({ text, language: 'en', ruleIds: [...SCANNABLE_RULE_IDS] });
    expect(full.length).toBeGreaterThan(500);
    const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text, maxSignals: 500 } });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.signals).toEqual(full.slice(0, 500));
    expect(result.data.coverage.truncated).toBe(true);
  });
});
