// The documented host code, written against the package name as a host would
// (`@voice/writing-rules/tools`): register, dispatch, read rules, compose a
// prompt and read evidence. It type-checks and runs on the bundled catalogue.
import { describe, expect, it } from 'vitest';
import {
  catalogueVersion,
  createWritingToolDispatcher,
  writingReviewTools,
  type ModelComparisonEvidence,
  type FindWritingSignalsResult,
  type WritingToolCall,
} from '@voice/writing-rules/tools';

describe('library usage as documented', () => {
  it('registers the descriptors and dispatches a decoded call', async () => {
    const dispatcher = createWritingToolDispatcher({
      reviewContext: {
        audience: 'Maintainers reading the release notes',
        goal: 'Decide whether to upgrade this week',
      },
    });
    const definitions = writingReviewTools;
    expect(definitions.map((d) => d.name)).toContain('find_writing_signals');

    const call: WritingToolCall = {
      name: 'find_writing_signals',
      arguments: { text: 'A powerful review panel.', language: 'en', ruleIds: ['word-choice'] },
    };
    const result = await dispatcher.dispatch(call);
    const serialised = JSON.stringify(result);
    expect(JSON.parse(serialised)).toEqual(result);
    expect(result.ok).toBe(true);
    const data = (result as { data: FindWritingSignalsResult }).data;
    expect(data.catalogueVersion).toBe(catalogueVersion);
    expect(data.signals).toEqual([
      expect.objectContaining({ ruleId: 'word-choice', quote: 'powerful', start: 2, end: 10, line: 1, column: 3 }),
    ]);

    const knowledge = await dispatcher.dispatch({
      name: 'get_writing_rules',
      arguments: { ruleIds: ['reader-goal', 'word-choice'], detail: 'full' },
    });
    expect(knowledge).toMatchObject({ ok: true, data: { detail: 'full', rules: [{ id: 'reader-goal' }, { id: 'word-choice' }] } });

    const instructions = await dispatcher.dispatch({
      name: 'compose_writing_review_prompt',
      arguments: { profile: 'public-docs', language: 'en', maxFindings: 3 },
    });
    expect(instructions).toMatchObject({ ok: true, data: { language: 'en' } });
  });

  it('reads evidence through a host callback that has none to give', async () => {
    const evidenceTools = createWritingToolDispatcher({
      modelComparisonContext: {
        availableModelIds: ['host-resolved-model'],
        cohortIds: ['release-notes-cohort-1'],
      },
      getModelComparisonEvidence: async (query, context) => {
        expect(context.availableModelIds).toEqual(['host-resolved-model']);
        const result: ModelComparisonEvidence = {
          status: 'evidence-missing',
          query,
          bestValue: null,
          highestDetection: null,
          sources: [],
          explanation: 'This host keeps no judged comparison for the scope.',
          limitations: ['Price lists alone do not rank models.'],
        };
        return result;
      },
    });

    const evidence = await evidenceTools.dispatch({
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'release-notes-cohort-1' },
    });
    expect(evidence).toMatchObject({
      ok: true,
      data: { status: 'evidence-missing', bestValue: null, highestDetection: null, sources: [] },
    });
  });
});
