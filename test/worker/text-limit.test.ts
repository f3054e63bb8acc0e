// The HTTP tool keeps find_writing_signals' 250,000-unit bound, also for a
// Markdown text well inside the 1 MiB body limit: the unbounded scan the CLI
// uses is the library's, and the Worker does not reach it.
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_UNITS } from '../../src/core/index';
import { dispatchInit, errorOf, request } from './helpers';

const paragraph = 'Plain words here.\n\n';
/** Paragraphs of exactly `units` UTF-16 units, ending in a line break. */
const textOf = (units: number) => `${paragraph.repeat(Math.ceil(units / paragraph.length)).slice(0, units - 1)}\n`;

describe('find_writing_signals over HTTP', () => {
  it('scans a Markdown text of exactly the limit', async () => {
    const text = textOf(MAX_TEXT_UNITS);
    expect(text.length).toBe(MAX_TEXT_UNITS);
    const response = await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text, format: 'markdown' } }));
    expect(response.status).toBe(200);
  });

  it('refuses one unit more with 400 invalid-arguments naming the field and the bound', async () => {
    const text = textOf(MAX_TEXT_UNITS + 1);
    const response = await request('/v1/dispatch', dispatchInit({ name: 'find_writing_signals', arguments: { text, format: 'markdown' } }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      ok: false,
      tool: 'find_writing_signals',
      code: 'invalid-arguments',
      message: `text must be at most ${MAX_TEXT_UNITS} UTF-16 code units (got ${MAX_TEXT_UNITS + 1})`,
    });
  });
});
