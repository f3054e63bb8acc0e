// The public entry on the bundled catalogue: frozen descriptors, every rule
// and profile served, both prompt languages complete, coverage of the eight
// scannable rules, and the dispatch overhead on a 250,000-unit text.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { createCatalogueView } from '../../src/core/catalogue/view';
import { createDispatcher } from '../../src/core/dispatcher';
import { createSignalScanner } from '../../src/core/scanner/scan';
import {
  catalogueVersion,
  createWritingToolDispatcher,
  writingReviewTools,
  type ReviewPromptData,
  type WritingRulesData,
  type WritingSignalsData,
} from '../../src/core/index';
import { dataOf, reviewContext } from './helpers';

const dispatcher = createWritingToolDispatcher({ reviewContext });

describe('the bundled catalogue through the public entry', () => {
  it('exports a frozen array of the four descriptors and the catalogue version', () => {
    expect(Object.isFrozen(writingReviewTools)).toBe(true);
    expect(writingReviewTools).toHaveLength(4);
    expect(catalogueVersion).toBe(catalogue.catalogueVersion);
  });

  it('serves all twenty rules in catalogue order', async () => {
    const data = dataOf<WritingRulesData>(await dispatcher.dispatch({ name: 'get_writing_rules', arguments: {} }));
    expect(data.rules.map((rule) => rule.id)).toEqual([...RULE_IDS]);
  });

  it.each(PROFILE_IDS.flatMap((profile) => (['en', 'de'] as const).map((language) => [profile, language] as const)))(
    'composes the %s prompt in %s with every rule layer',
    async (profile, language) => {
      const data = dataOf<ReviewPromptData>(
        await dispatcher.dispatch({ name: 'compose_writing_review_prompt', arguments: { profile, language } }),
      );
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
    const data = dataOf<WritingSignalsData>(
      await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: '', language } }),
    );
    expect([...data.coverage.scannedRuleIds].sort()).toEqual([...SCANNABLE_RULE_IDS].sort());
    expect(data.coverage.unscannedRuleIds).toHaveLength(RULE_IDS.length - SCANNABLE_RULE_IDS.length);
  });

  it('flags "powerful" in "A powerful review panel."', async () => {
    const data = dataOf<WritingSignalsData>(
      await dispatcher.dispatch({
        name: 'find_writing_signals',
        arguments: { text: 'A powerful review panel.', ruleIds: ['word-choice'] },
      }),
    );
    expect(data.signals.map((s) => s.quote)).toEqual(['powerful']);
  });

  it('adds well under 10 ms to the scan of a 250,000-unit text with 500 of its signals returned', async () => {
    const text = 'Plain words about the review service and its powerful setup. '.repeat(5000).slice(0, 250_000);
    const scan = createSignalScanner(catalogue.signalRecords);
    const measured = createDispatcher(createCatalogueView(catalogue, () => scan));
    const ruleIds = [...SCANNABLE_RULE_IDS];
    const median = (samples: number[]) => samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    const direct: number[] = [];
    const dispatched: number[] = [];
    for (let round = 0; round < 31; round += 1) {
      let start = performance.now();
      scan({ text, language: 'en', ruleIds });
      direct.push(performance.now() - start);
      start = performance.now();
      const result = await measured.dispatch({ name: 'find_writing_signals', arguments: { text, maxSignals: 500 } });
      dispatched.push(performance.now() - start);
      expect(result).toMatchObject({ ok: true, data: { coverage: { truncated: true } } });
    }
    const overhead = median(dispatched) - median(direct);
    console.info(`scan ${median(direct).toFixed(2)} ms, dispatch ${median(dispatched).toFixed(2)} ms, overhead ${overhead.toFixed(2)} ms`);
    expect(overhead).toBeLessThan(10);
  });
});
