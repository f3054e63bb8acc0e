// The page's pure parts in Node: merging overlapping signals into spans, the
// string form of ID lists in VOIX calls, and the VOIX markup of descriptors.
import { describe, expect, it } from 'vitest';
import { writingReviewTools } from '../../src/core/index';
import type { WritingSignal } from '../../src/core/scanner/types';
import type { WritingToolDescriptor } from '../../src/core/types';
import { highlightSpans } from '../../src/page/client/spans';
import { toDispatchArguments } from '../../src/page/client/voix-arguments';
import { voixToolsMarkup } from '../../src/page/voix-markup';

const signal = (ruleId: string, start: number, end: number) => ({ ruleId, start, end }) as WritingSignal;

describe('highlightSpans', () => {
  it('merges overlapping signals and keeps touching ones apart', () => {
    const spans = highlightSpans([signal('word-choice', 10, 14), signal('concrete-subject', 0, 6), signal('calibrated-uncertainty', 4, 9), signal('meta-framing', 9, 10)], 20);
    expect(spans.map((span) => [span.start, span.end, span.signals.map((s) => s.ruleId)])).toEqual([
      [0, 9, ['concrete-subject', 'calibrated-uncertainty']],
      [9, 10, ['meta-framing']],
      [10, 14, ['word-choice']],
    ]);
  });

  it('drops spans outside the drawn text', () => {
    expect(highlightSpans([signal('word-choice', 3, 12)], 10)).toEqual([]);
  });
});

describe('toDispatchArguments', () => {
  it('splits and trims a comma-separated ruleIds and keeps other fields as given', () => {
    expect(toDispatchArguments({ ruleIds: ' word-choice ,meta-framing', maxSignals: 3 })).toEqual({ ok: true, value: { ruleIds: ['word-choice', 'meta-framing'], maxSignals: 3 } });
  });

  it('refuses an empty item instead of dropping it', () => {
    expect(toDispatchArguments({ ruleIds: '' })).toEqual({ ok: false, message: expect.stringContaining('item 1 of 1 is empty') });
    expect(toDispatchArguments({ ruleIds: 'word-choice,' })).toEqual({ ok: false, message: expect.stringContaining('item 2 of 2 is empty') });
  });

  it('reads a missing detail as no arguments and refuses a non-object', () => {
    expect(toDispatchArguments(undefined)).toEqual({ ok: true, value: {} });
    expect(toDispatchArguments(['text'])).toEqual({ ok: false, message: 'The call arguments must be an object of named values' });
  });
});

describe('voixToolsMarkup', () => {
  const base = writingReviewTools[0]!;

  it('escapes descriptions and flags required props', () => {
    const tool = { ...base, description: 'Reads <rules> & "sources"', inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'a' } }, required: ['text'] } } as WritingToolDescriptor;
    expect(voixToolsMarkup([tool])).toBe(
      `<tool name="get_writing_rules" description="Reads &lt;rules&gt; &amp; &quot;sources&quot;" data-title="${base.title}" return><prop name="text" type="string" description="a" required></prop></tool>`,
    );
  });

  it('refuses a title that is not one plain line, and a type VOIX cannot carry', () => {
    expect(() => voixToolsMarkup([{ ...base, title: 'Reading\u202Ethe rules' }])).toThrow(/U\+202E/);
    const objectProp = { ...base, inputSchema: { type: 'object', properties: { options: { type: 'object' } } } } as WritingToolDescriptor;
    expect(() => voixToolsMarkup([objectProp])).toThrow('get_writing_rules.options: no VOIX prop type');
  });
});
