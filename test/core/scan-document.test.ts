// scanDocument: find_writing_signals without the tool's length bound, for
// callers that read their own documents (the CLI). The same arguments, checks,
// envelope and messages as the tool; only `text` is unbounded. The Worker,
// which scans text from others, never calls it.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createWritingToolDispatcher, MAX_TEXT_UNITS, scanDocument } from '../../src/core/index';
import { randomDocument, randomSource } from './markup/fuzz-documents';

const dispatcher = createWritingToolDispatcher();
const tool = (args: Record<string, unknown>) => dispatcher.dispatch({ name: 'find_writing_signals', arguments: args });

describe('scanDocument', () => {
  it('answers exactly as find_writing_signals for random documents within the limit, in every format and option', async () => {
    const random = randomSource(11);
    const options = [
      {},
      { language: 'de' },
      { profile: 'public-docs', maxSignals: 3 },
      { ruleIds: ['word-choice', 'meta-framing'], maxSignals: 500 },
    ];
    for (let index = 0; index < 100; index++) {
      const text = `${randomDocument(random, 12)} A stunning, seamless setup; it is worth noting that.`;
      for (const format of [undefined, 'text', 'markdown', 'html'] as const) {
        const args = { text, ...options[index % options.length], ...(format === undefined ? {} : { format }) };
        expect(await scanDocument(args as never), JSON.stringify(args)).toEqual(await tool(args));
      }
    }
  }, 60_000);

  it('scans a document over the tool limit whole, where the tool refuses it', async () => {
    const paragraph = 'Plain words in a paragraph.\n\n';
    const text = `${paragraph.repeat(Math.ceil(MAX_TEXT_UNITS / paragraph.length))}A stunning end.\n`;
    expect(text.length).toBeGreaterThan(MAX_TEXT_UNITS);
    expect(await tool({ text, format: 'markdown' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: `text must be at most ${MAX_TEXT_UNITS} UTF-16 code units (got ${text.length})` },
    });
    const result = await scanDocument({ text, format: 'markdown' });
    expect(result.ok && result.data.signals).toEqual([
      {
        ruleId: 'word-choice',
        patternId: 'word-choice.en',
        level: 'warning',
        kind: 'surface-cue',
        reviewRequired: true,
        encoding: 'utf16',
        quote: 'stunning',
        start: text.length - 'stunning end.\n'.length,
        end: text.length - ' end.\n'.length,
        line: text.split('\n').length - 1,
        column: 3,
      },
    ]);
    expect(result.ok && result.data.coverage).toMatchObject({ format: 'markdown', truncated: false, directiveProblems: [] });
    expect(Object.isFrozen(result) && result.ok && Object.isFrozen(result.data.signals[0])).toBe(true);
  });

  it.each([
    [{}, 'text is required: a string'],
    [{ text: 5 }, 'text must be a string (got 5)'],
    [{ text: 'x', language: 'fr' }, "language must be 'en' or 'de' (got 'fr')"],
    [{ text: 'x', maxSignals: 0 }, 'maxSignals must be an integer from 1 to 500 (got 0)'],
    [{ text: 'x', format: 'pdf' }, "format must be one of 'text', 'markdown', 'html' (got 'pdf')"],
    [{ text: 'x', ruleIds: ['nope'] }, "ruleIds[0] 'nope' is not a catalogue rule"],
    [{ text: 'x', size: 1 }, "unknown field 'size'; scanDocument accepts text, language, profile, ruleIds, maxSignals, format, minLevel"],
    ['text', "arguments must be a JSON object (got 'text')"],
  ])('refuses %j with a message naming the field and its bound', async (args, message) => {
    expect(await scanDocument(args as never)).toEqual({
      ok: false,
      tool: 'find_writing_signals',
      error: { code: 'invalid-arguments', message },
    });
  });

  it('refuses rules outside the profile as the tool does, and never throws', async () => {
    const args = { text: 'x', profile: 'agent-report', ruleIds: ['word-choice'] };
    expect(await scanDocument(args as never)).toEqual(await tool(args));
    const throwing = Object.defineProperty({}, 'text', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    expect(await scanDocument(throwing as never)).toEqual({
      ok: false,
      tool: 'find_writing_signals',
      error: { code: 'invalid-arguments', message: 'arguments could not be read or processed; they must be a JSON object' },
    });
  });
});

describe('the Worker', () => {
  // The Worker serves text from anyone, so only the dispatcher, with the tool's bound, may read it.
  it('leaves scanDocument out of its bundle, so no request reaches the unbounded scan', async () => {
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL('../../src/worker/index.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'browser'],
      external: ['cloudflare:*', 'node:*'],
      write: false,
      logLevel: 'silent',
    });
    const code = bundled.outputFiles[0]?.text ?? '';
    // The bundle holds the tool and its dispatcher, but not the name scanDocument gives in its messages.
    expect(code).toContain('"find_writing_signals"');
    expect(code).not.toContain('"scanDocument"');
  }, 30_000);
});
