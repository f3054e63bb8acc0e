// find_writing_signals with format 'markdown': what is skipped, what is
// scanned, exact spans into the original, directives and coverage, through
// the dispatcher on the fixture catalogue (phrases: "it is worth noting that",
// "powerful", "seamless", "guaranteed").
import { describe, expect, it } from 'vitest';
import type { FindWritingSignalsResult } from '../../../src/core/dispatch/types';
import { call, dataOf } from '../helpers';

/** `format` null: the call names none. */
async function scan(text: string, format: string | null = 'markdown', extra: Record<string, unknown> = {}) {
  const args = { text, language: 'en', ...(format === null ? {} : { format }), ...extra };
  return dataOf<FindWritingSignalsResult>(await call('find_writing_signals', args));
}

async function quotes(text: string, format = 'markdown'): Promise<string[]> {
  const data = await scan(text, format);
  for (const signal of data.signals) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  return data.signals.map((s) => s.quote);
}

/** Skipped cases that plain text skips too: the cue stands in a URL, an e-mail address or a path. */
const NOT_PROSE_IN_TEXT = new Set([
  'an autolink',
  'an email autolink',
  'a bare URL',
  'a www. link',
  'a bare email address',
  'a link destination',
  'an image destination',
]);

describe('Markdown: skipped', () => {
  it.each([
    ['a fenced code block', 'Intro.\n\n```yaml\npowerful: true\n```\n'],
    ['a tilde fence', '~~~\npowerful\n~~~\n'],
    ['an unclosed fence (runs to the end)', '```\npowerful\n\nseamless\n'],
    ['an indented code block', 'Intro.\n\n    powerful = 1\n'],
    ['a code span', 'Set `powerful` here.'],
    ['a double-backtick code span', 'Set ``a ` powerful`` here.'],
    ['a raw HTML tag and its attributes', 'See <img alt="a powerful chart" src="x.png"> here.'],
    ['an HTML comment', 'Text <!-- powerful --> more.'],
    ['an HTML block', '<div class="seamless wide">\n</div>\n'],
    ['an autolink', 'Visit <https://example.com/seamless>.'],
    ['an email autolink', 'Mail <seamless@example.com>.'],
    ['a bare URL', 'Visit https://example.com/seamless-integration today.'],
    ['a www. link', 'Visit www.seamless.example today.'],
    ['a bare email address', 'Write to seamless@example.com today.'],
    ['a link destination', 'See [the docs](https://example.com/seamless-integration).'],
    ['a link title', 'See [the docs](/docs "powerful docs").'],
    ['an image destination', '![A chart](charts/seamless.png)'],
    ['a link reference definition', '[docs]: https://example.com/seamless "powerful docs"\n\nSee [docs].'],
    ['YAML front matter', '---\ntitle: powerful\n---\nBody.\n'],
    ['TOML front matter', '+++\ntitle = "seamless sync"\n+++\nBody.\n'],
    ['a code span in a table cell', '| a | b |\n|---|---|\n| `powerful` | x |\n'],
  ])('%s', async (name, text) => {
    expect(await quotes(text)).toEqual([]);
    // The same text as plain text has the signal: the Markdown mode is what removed it.
    // A URL, e-mail address or path is no prose in any mode (scanner/non-prose.ts).
    if (NOT_PROSE_IN_TEXT.has(name)) expect(await quotes(text, 'text')).toEqual([]);
    else expect((await quotes(text, 'text')).length).toBeGreaterThan(0);
  });
});

describe('Markdown: scanned', () => {
  it.each([
    ['a paragraph', 'A powerful tool.', ['powerful']],
    ['a heading', '# A powerful tool\n', ['powerful']],
    ['a setext heading', 'A powerful tool\n===\n', ['powerful']],
    ['a list item', '- a powerful tool\n- b\n', ['powerful']],
    ['a block quote, with a lazy line', '> It is worth noting\nthat it works.\n', ['It is worth noting\nthat']],
    ['a table cell', '| a | b |\n|---|---|\n| powerful | x |\n', ['powerful']],
    ['link text', 'See [the powerful docs](https://example.com/x).', ['powerful']],
    ['image alt text', '![A powerful chart](chart.png)', ['powerful']],
    ['emphasis inside a phrase', 'It is *worth* noting that it works.', ['It is *worth* noting that']],
    ['strong emphasis and strikethrough', 'It **is** ~~worth~~ noting that.', ['It **is** ~~worth~~ noting that']],
    ['a link inside a phrase', 'It is [worth](https://x.org) noting that.', ['It is [worth](https://x.org) noting that']],
    ['a character reference', 'It&nbsp;is worth noting that.', ['It&nbsp;is worth noting that']],
    ['an escaped marker', 'A \\*powerful\\* tool.', ['powerful']],
    ['a reference link', 'See [powerful docs][d].\n\n[d]: /docs\n', ['powerful']],
  ])('%s', async (_name, text, expected) => {
    expect(await quotes(text)).toEqual(expected);
  });

  it('keeps line and column of the original', async () => {
    const text = '---\nx: 1\n---\n# Title\n\n> A *powerful* tool.\n';
    const [signal] = (await scan(text)).signals;
    expect(signal).toMatchObject({ quote: 'powerful', line: 6, column: 6, start: text.indexOf('powerful') });
  });
});

describe('Markdown: skipped regions break phrases', () => {
  it.each([
    ['a code span', 'It is `worth` noting that.'],
    ['a bare URL', 'It is http://x.org noting that.'],
    ['a block boundary', '# It is worth\nnoting that.'],
    ['a table pipe', '| It is worth | noting that |\n|---|---|\n'],
  ])('%s', async (_name, text) => {
    expect(await quotes(text)).toEqual([]);
  });
});

describe('ignore directives', () => {
  const text = [
    'A powerful start.',
    '<!-- writing-rules-disable word-choice -->',
    'A powerful middle, guaranteed.',
    '<!-- writing-rules-enable word-choice -->',
    'A seamless end.',
    '<!-- writing-rules-disable-next-line -->',
    'Powerful and guaranteed.',
    'Powerful again.',
    '<!-- writing-rules-disable -->',
    'Seamless, guaranteed.',
    '',
  ].join('\n');

  it('disable, enable and disable-next-line, per rule and for all rules', async () => {
    const data = await scan(text);
    expect(data.signals.map((s) => [s.line, s.quote])).toEqual([
      [1, 'powerful'],
      [3, 'guaranteed'],
      [5, 'seamless'],
      [8, 'Powerful'],
    ]);
    expect(data.coverage.suppressedSignals).toBe(5);
    expect(data.coverage.directiveProblems).toEqual([]);
  });

  it('apply in document order, whichever blocks hold their comments', async () => {
    // Headings are read before paragraphs, and HTML blocks before both: the directives must still take turns by position.
    const mixed = [
      'Intro with <!-- writing-rules-disable --> inline.',
      '',
      'A seamless one.',
      '',
      '# Heading <!-- writing-rules-enable -->',
      '',
      'A seamless two.',
      '',
      '<!-- writing-rules-disable -->',
      '',
      'A seamless three.',
      '',
    ].join('\n');
    const data = await scan(mixed);
    expect(data.signals.map((s) => [s.line, s.quote])).toEqual([[7, 'seamless']]);
    expect(data.coverage.suppressedSignals).toBe(2);
  });

  it('work in HTML too', async () => {
    const html = '<p>A powerful start.</p>\n<!-- writing-rules-disable-next-line word-choice -->\n<p>Powerful, guaranteed.</p>\n';
    const data = await scan(html, 'html');
    expect(data.signals.map((s) => s.quote)).toEqual(['powerful', 'guaranteed']);
    expect(data.coverage.suppressedSignals).toBe(1);
  });

  it('report an unknown rule ID or directive with its line, and go on', async () => {
    const data = await scan(
      'Intro.\n\n<!-- writing-rules-disable word-choise word-choice -->\nA powerful tool.\n<!-- writing-rules-disabel -->\n',
    );
    expect(data.signals).toEqual([]);
    expect(data.coverage.directiveProblems).toEqual([
      { line: 3, message: "writing-rules-disable names 'word-choise', which is not a catalogue rule; ignored" },
      {
        line: 5,
        message:
          "unknown directive 'writing-rules-disabel'; use writing-rules-disable, writing-rules-enable or writing-rules-disable-next-line",
      },
    ]);
  });

  it('are plain text in text mode', async () => {
    const data = await scan('<!-- writing-rules-disable -->\nA powerful tool.', 'text');
    expect(data.signals.map((s) => s.quote)).toEqual(['powerful']);
  });

  it('count against maxSignals only after suppression', async () => {
    const many = `<!-- writing-rules-disable-next-line -->\n${'powerful '.repeat(5)}\n${'seamless '.repeat(3)}\n`;
    const data = await scan(many, 'markdown', { maxSignals: 2 });
    expect(data.signals.map((s) => s.quote)).toEqual(['seamless', 'seamless']);
    expect(data.coverage).toMatchObject({ truncated: true, suppressedSignals: 5 });
  });
});

describe('coverage', () => {
  it('counts the units not scanned, by reason', async () => {
    const text = '---\na: 1\n---\nSee `code` and <https://x.org> and <b>bold</b>.\n';
    const { coverage } = await scan(text);
    expect(coverage).toMatchObject({
      format: 'markdown',
      notScannedUnits: { frontMatter: 13, code: 6, url: 15, markup: 7 },
      suppressedSignals: 0,
      directiveProblems: [],
    });
  });

  it('is unchanged without format, and says "text" with nothing skipped when format is text', async () => {
    const text = 'A `powerful` tool.';
    const without = await scan(text, null);
    const asText = await scan(text, 'text');
    expect(Object.keys(without.coverage)).toEqual([
      'language',
      'scannedRuleIds',
      'unscannedRuleIds',
      'semanticReviewRequired',
      'maxSignals',
      'truncated',
      'signalsByLevel',
    ]);
    expect(asText.signals).toEqual(without.signals);
    expect(asText.coverage).toEqual({
      ...without.coverage,
      format: 'text',
      notScannedUnits: { code: 0, markup: 0, url: 0, frontMatter: 0 },
      suppressedSignals: 0,
      directiveProblems: [],
      omittedDirectiveProblems: 0,
    });
  });
});

describe('bad input', () => {
  it('an unknown format names the allowed ones', async () => {
    const result = await call('find_writing_signals', { text: 'x', format: 'rst' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: "format must be one of 'text', 'markdown', 'html' (got 'rst')" },
    });
  });

  it('a format of the wrong type is refused the same way', async () => {
    const result = await call('find_writing_signals', { text: 'x', format: 1 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', message: "format must be one of 'text', 'markdown', 'html' (got 1)" },
    });
  });
});

describe('hostile markup (timings are in npm run bench)', () => {
  it('100,000 backticks in a paragraph without a closer are text, so the prose after them is scanned', async () => {
    expect(await quotes(`Text ${'`'.repeat(100_000)} a powerful tool`)).toEqual(['powerful']);
  });

  it('50,000 [ without a closer are text', async () => {
    expect(await quotes(`${'['.repeat(50_000)} a powerful tool`)).toEqual(['powerful']);
  });

  it('10,000 nested list items keep the innermost text', async () => {
    expect(await quotes(`${'- '.repeat(10_000)}a powerful tool\n\n\n`)).toEqual(['powerful']);
  });

  it('an unterminated comment or tag is text, as CommonMark reads it', async () => {
    expect(await quotes('Text <!-- a powerful tool')).toEqual(['powerful']);
    expect(await quotes('Text <a href="x a powerful tool')).toEqual(['powerful']);
  });

  it('an unclosed fence runs to the end, however long', async () => {
    expect(await quotes(`\`\`\`\n${'powerful\n'.repeat(20_000)}`)).toEqual([]);
  });
});
