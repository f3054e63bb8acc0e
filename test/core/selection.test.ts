// Rule selection and get_writing_rules (docs/api-reference.md#selecting-rules): defaults, profile,
// explicit IDs in catalogue order, summary and full detail.
import { describe, expect, it } from 'vitest';
import { RULE_IDS } from '../../src/core/catalogue/ids';
import type { RuleSummary, GetWritingRulesResult } from '../../src/core/dispatch/types';
import { fixtureCatalogue, fixtureProfiles } from './fixtures/catalogue';
import { call, dataOf } from './helpers';

const rules = async (args: unknown) => dataOf<GetWritingRulesResult>(await call('get_writing_rules', args));

describe('get_writing_rules', () => {
  it('selects every rule in catalogue order without profile and ruleIds', async () => {
    const data = await rules({});
    expect(data.rules.map((r) => r.id)).toEqual([...RULE_IDS]);
    expect(data).toMatchObject({ catalogueVersion: 'fixture+0001', language: 'en', detail: 'summary', sources: [] });
  });

  it('selects the rules of a profile', async () => {
    const data = await rules({ profile: 'product-copy' });
    expect(data.rules.map((r) => r.id)).toEqual(fixtureProfiles['product-copy']);
  });

  it('selects exactly the listed rules, in catalogue order', async () => {
    const data = await rules({ ruleIds: ['word-choice', 'reader-goal', 'meta-framing'] });
    expect(data.rules.map((r) => r.id)).toEqual(['reader-goal', 'meta-framing', 'word-choice']);
  });

  it('selects listed rules that all belong to the given profile', async () => {
    const data = await rules({ profile: 'agent-report', ruleIds: ['reported-evidence', 'meta-framing'] });
    expect(data.rules.map((r) => r.id)).toEqual(['meta-framing', 'reported-evidence']);
  });

  it('gives summaries with the title in the requested language', async () => {
    const data = await rules({ language: 'de', ruleIds: ['word-choice'] });
    const summary: RuleSummary = {
      id: 'word-choice',
      category: 'wording',
      title: 'DE-Titel von word-choice',
      scope: ['technical-reference'],
    };
    expect(data.rules).toEqual([summary]);
    expect(data.language).toBe('de');
  });

  it('gives full bilingual records and only the sources they cite', async () => {
    const data = await rules({ detail: 'full', ruleIds: ['reader-goal', 'current-state'] });
    expect(data.rules).toEqual([fixtureCatalogue.rules[0], fixtureCatalogue.rules[1]]);
    expect(data.sources.map((s) => s.id)).toEqual(['source-a', 'source-b']);
    const one = await rules({ detail: 'full', ruleIds: ['current-state'] });
    expect(one.sources.map((s) => s.id)).toEqual(['source-a']);
  });

  it('refuses an unknown detail', async () => {
    const result = await call('get_writing_rules', { detail: 'everything' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: "detail must be 'summary' or 'full' (got 'everything')" },
    });
  });
});
