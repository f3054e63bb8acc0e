// The answer-size property shared by the core and Worker tests: an answer is
// at most 4 × its request's bytes + ANSWER_BYTES_CONSTANT per tool run. The
// constant covers the answers whose size does not grow with the request: the
// full bilingual catalogue (about 105 KB), the review prompt, 500 signals.
// The calls below are the adversarial ones of the abuse probe and the largest
// answers each tool gives.
import { nestedLists } from './support/nested-lists';

/** Bytes one tool run may answer beyond 4 × its request: 192 KiB. */
export const ANSWER_BYTES_CONSTANT = 192 * 1024;

export interface ToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export function adversarialCalls(): ToolCall[] {
  return [
    { name: 'find_writing_signals', arguments: { format: 'markdown', text: `<!-- writing-rules-disable ${'a '.repeat(124_980)}-->` } },
    { name: 'find_writing_signals', arguments: { format: 'html', text: `<!-- writing-rules-enable ${'x '.repeat(124_980)}-->` } },
    { name: 'find_writing_signals', arguments: { format: 'markdown', text: '<!-- writing-rules-nope -->\n'.repeat(8_900) } },
    { name: 'find_writing_signals', arguments: { text: 'powerful '.repeat(600), maxSignals: 500 } },
    { name: 'find_writing_signals', arguments: { text: 'It is worth noting that '.repeat(1_000), maxSignals: 500 } },
    { name: 'find_writing_signals', arguments: { format: 'markdown', text: nestedLists(400, 250_000), maxSignals: 500 } },
    { name: 'get_writing_rules', arguments: { detail: 'full' } },
    { name: 'get_writing_rules', arguments: { detail: 'full', language: 'de' } },
    { name: 'compose_writing_review_prompt', arguments: { language: 'de', profile: 'agent-report', maxFindings: 20 } },
    {
      name: 'get_model_comparison_evidence',
      arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' },
    },
    { name: 'no_such_tool', arguments: { text: 'a'.repeat(1_000) } },
    { name: 'find_writing_signals', arguments: { text: 'x', maxSignals: 0 } },
  ];
}
