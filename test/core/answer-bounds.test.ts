// Answers stay small: for any call, the dispatcher's envelope and the MCP
// answer (either protocol revision) are at most 4 × the request's bytes +
// ANSWER_BYTES_CONSTANT. Arbitrary calls from fast-check, and the adversarial
// ones of the abuse probe (the directive flood gave 11.9 MB for 250 KB).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWritingToolDispatcher, writingReviewTools } from '../../src/core/index';
import { answerMcpMessages, parseMcpMessages } from '../../src/mcp/json-rpc';
import { ANSWER_BYTES_CONSTANT, adversarialCalls, type ToolCall } from '../answer-bounds';

const dispatcher = createWritingToolDispatcher({ reviewContext: { audience: 'Operators', goal: 'Deploy once' } });
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

async function answerBytes(call: ToolCall, over: 'dispatch' | '2025-03-26' | '2025-06-18'): Promise<{ request: number; answer: number }> {
  if (over === 'dispatch') {
    const body = JSON.stringify(call);
    return { request: bytes(body), answer: bytes(JSON.stringify(await dispatcher.dispatch(JSON.parse(body)))) };
  }
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call });
  const messages = parseMcpMessages(body);
  if (!messages.ok) throw new Error(messages.refusal.message);
  const answer = await answerMcpMessages(
    messages,
    { tools: writingReviewTools, dispatch: (c) => dispatcher.dispatch(c), version: 'test' },
    { protocolVersion: over },
  );
  return { request: bytes(body), answer: bytes(answer ?? '') };
}

const transports = ['dispatch', '2025-03-26', '2025-06-18'] as const;

describe('answer bytes ≤ 4 × request bytes + the constant', () => {
  it.each(adversarialCalls().flatMap((call) => transports.map((over) => [call.name, over, call] as const)))(
    '%s over %s, adversarial',
    async (_name, over, call) => {
      const { request, answer } = await answerBytes(call, over);
      expect(answer).toBeLessThanOrEqual(4 * request + ANSWER_BYTES_CONSTANT);
    },
  );

  it('holds for arbitrary Markdown and HTML with directives, lists and signal phrases', async () => {
    const piece = fc.constantFrom(
      '<!-- writing-rules-disable a b c -->',
      '<!-- writing-rules-x -->',
      '- ',
      '  ',
      '> ',
      'powerful ',
      'seamless ',
      '\n',
      '`x`',
      '<b>',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 4_000 }).map((pieces) => pieces.join('')),
        fc.constantFrom('text', 'markdown', 'html'),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(...transports),
        async (text, format, maxSignals, over) => {
          const { request, answer } = await answerBytes({ name: 'find_writing_signals', arguments: { text, format, maxSignals } }, over);
          expect(answer).toBeLessThanOrEqual(4 * request + ANSWER_BYTES_CONSTANT);
        },
      ),
      { numRuns: 60 },
    );
  });
});
