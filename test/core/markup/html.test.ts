// find_writing_signals with format 'html': text is scanned, tags, attributes,
// comments and the contents of code-like elements are not; character
// references count as the characters they stand for; spans index the input.
import { describe, expect, it } from 'vitest';
import { createWritingToolDispatcher } from '../../../src/core/index';
import type { FindWritingSignalsResult } from '../../../src/core/dispatch/types';
import { call, dataOf, reviewContext } from '../helpers';

async function quotes(text: string): Promise<string[]> {
  const data = dataOf<FindWritingSignalsResult>(await call('find_writing_signals', { text, language: 'en', format: 'html' }));
  for (const signal of data.signals) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  return data.signals.map((s) => s.quote);
}

describe('HTML: skipped', () => {
  it.each([
    ['an attribute', '<p title="powerful">Text.</p>'],
    ['a tag name', '<powerful>Text.</powerful>'],
    ['a comment', '<p>Text.</p><!-- powerful -->'],
    ['an unterminated comment', '<p>Text.</p><!-- powerful'],
    ['an unterminated tag', '<p>Text.</p><a href="powerful'],
    ...['script', 'style', 'pre', 'code', 'kbd', 'samp', 'var', 'template'].map(
      (name) => [`the contents of <${name}>`, `<p>Text.</p><${name}>x = "powerful";</${name}>`] as [string, string],
    ),
    ['code nested in pre', '<pre><code>powerful</code> seamless</pre>'],
    ['a doctype and a processing instruction', '<!DOCTYPE powerful><?seamless?><p>Text.</p>'],
  ])('%s', async (_name, text) => {
    expect(await quotes(text)).toEqual([]);
  });
});

describe('HTML: scanned', () => {
  it.each([
    ['text', '<p>A powerful tool.</p>', ['powerful']],
    ['text after code closes', '<p><code>x</code> is powerful.</p>', ['powerful']],
    ['a phrase across inline tags', '<p>It is <em>worth</em> noting that.</p>', ['It is <em>worth</em> noting that']],
    ['a phrase across a link', '<p>It is <a href="/x">worth noting</a> that.</p>', ['It is <a href="/x">worth noting</a> that']],
    ['&nbsp; as a space', '<p>It&nbsp;is worth noting that.</p>', ['It&nbsp;is worth noting that']],
    ['a numeric reference', '<p>&#112;owerful</p>', ['&#112;owerful']],
    ['text without any tag', 'A seamless start.', ['seamless']],
    // White space alone between block tags is left out of the projection; the text after it keeps its place.
    [
      'text after indentation between block tags',
      '<ul>\n  <li>\n    powerful</li>\n  <li> <em>seamless</em></li>\n</ul>\n',
      ['powerful', 'seamless'],
    ],
  ])('%s', async (_name, text, expected) => {
    expect(await quotes(text)).toEqual(expected);
  });

  it('a block tag separates phrases', async () => {
    expect(await quotes('<p>It is worth</p><p>noting that.</p>')).toEqual([]);
    expect(await quotes('<p>It is worth</p>\n  \n<p>noting that.</p>')).toEqual([]);
  });

  it('&rsquo; is an apostrophe (bundled catalogue)', async () => {
    const dispatcher = createWritingToolDispatcher({ reviewContext });
    const text = '<p>It&rsquo;s worth noting.</p>';
    const data = dataOf<FindWritingSignalsResult>(
      await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text, format: 'html', ruleIds: ['meta-framing'] } }),
    );
    expect(data.signals.map((s) => [s.quote, s.start, s.column])).toEqual([['It&rsquo;s worth noting', 3, 4]]);
  });

  it('counts tags and attributes as markup and pre contents as code', async () => {
    const data = dataOf<FindWritingSignalsResult>(
      await call('find_writing_signals', { text: '<p class="a">Hi <pre>x y</pre></p>', format: 'html' }),
    );
    expect(data.coverage.notScannedUnits).toEqual({ code: 3, markup: 28, url: 0, frontMatter: 0 });
  });
});
