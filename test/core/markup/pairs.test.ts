// Bounded pairs ("A … B within N words") in Markdown mode: skipped code or a
// URL between the parts ends the pair, as sentence punctuation does, so a
// signal never reaches across text the reader does not see as prose.
import { describe, expect, it } from 'vitest';
import { createWritingToolDispatcher } from '../../../src/core/index';
import type { FindWritingSignalsResult } from '../../../src/core/tools/find-writing-signals';

const dispatcher = createWritingToolDispatcher();

async function causality(text: string, format: 'text' | 'markdown'): Promise<string[]> {
  const result = await dispatcher.dispatch({
    name: 'find_writing_signals',
    arguments: { text, format, ruleIds: ['unsupported-causality'] },
  });
  if (!result.ok) throw new Error(result.error.message);
  const data: FindWritingSignalsResult = result.data;
  return data.signals.map((signal) => signal.quote);
}

describe('bounded pairs in Markdown mode', () => {
  it('finds a pair whose gap is prose', async () => {
    expect(await causality('The retry queue will prevent stack errors.', 'markdown')).toEqual(['prevent stack errors']);
  });

  it('does not reach across a code span between its parts', async () => {
    const text = 'The retry queue will prevent `stack overflow` errors.';
    expect(await causality(text.replaceAll('`', ''), 'text')).not.toEqual([]);
    expect(await causality(text, 'markdown')).toEqual([]);
  });

  it('does not reach across a bare URL between its parts', async () => {
    expect(await causality('It will prevent https://example.com/x errors.', 'markdown')).toEqual([]);
  });
});
