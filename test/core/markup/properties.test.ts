// Properties on random Markdown and HTML (fast-check): no throw, every span
// is its quote with the right line and column, no signal touches code, a URL,
// front matter or a separating tag, and text mode answers as before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled } from '../../test-scale';
import { catalogue } from '../../../src/core/catalogue/catalogue.generated';
import { createWritingToolDispatcher } from '../../../src/core/index';
import { readHtml } from '../../../src/core/markup/html';
import { readMarkdown } from '../../../src/core/markup/markdown';
import { UnitKind } from '../../../src/core/markup/mask';
import type { FindWritingSignalsResult } from '../../../src/core/dispatch/types';
import { dataOf, reviewContext } from '../helpers';

const dispatcher = createWritingToolDispatcher({ reviewContext });
const phrases = catalogue.signalRecords.filter((r) => r.language === 'en').flatMap((r) => r.phrases);

const MARKDOWN_PIECES = [
  '`',
  '``',
  '```',
  '~~~',
  '*',
  '_',
  '**',
  '~~',
  '\\',
  '[',
  ']',
  '![',
  '](',
  '(',
  ')',
  '<',
  '>',
  '/url',
  '"t"',
  '<http://x.org/robust>',
  '<a@b.c>',
  '<span>',
  '</span>',
  '<div>',
  '<!--',
  '-->',
  '&amp;',
  '&rsquo;',
  '&nbsp;',
  'www.robust.org',
  'https://x.org/seamless',
  '# ',
  '> ',
  '- ',
  '1. ',
  '    ',
  '\t',
  '|',
  '---',
  '===',
  '+++',
  '[foo]: /robust',
  '[foo]',
  '\n',
  '\n\n',
  '\r\n',
  ' ',
  '😀',
  '\u2019',
];
const HTML_PIECES = [
  '<p>',
  '</p>',
  '<em>',
  '</em>',
  '<a href="robust">',
  '</a>',
  '<pre>',
  '</pre>',
  '<code>',
  '</code>',
  '<script>',
  '</script>',
  '<style>',
  '</style>',
  '<template>',
  '</template>',
  '<!--',
  '-->',
  '<!DOCTYPE html>',
  '&amp;',
  '&rsquo;',
  '&nbsp;',
  '&#x27;',
  '&ngE;',
  '&bogus;',
  '<',
  '>',
  '"',
  '<br/>',
  '\n',
  ' ',
  '😀',
];

const documentOf = (pieces: readonly string[]) =>
  fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(...phrases), fc.string({ maxLength: 6 })), { maxLength: 40 })
    .map((parts) => parts.join(''));

/** Kinds a signal may not touch: they are skipped and separate what is around them. */
const SEPARATING = new Set<number>([UnitKind.code, UnitKind.markupBreak, UnitKind.url, UnitKind.frontMatter, UnitKind.blockEnd]);

async function signalsOf(text: string, format?: string) {
  const args = {
    text,
    ruleIds: [...new Set(catalogue.signalRecords.map((r) => r.ruleId))],
    maxSignals: 500,
    ...(format ? { format } : {}),
  };
  return dataOf<FindWritingSignalsResult>(await dispatcher.dispatch({ name: 'find_writing_signals', arguments: args }));
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const breaks = before.match(/\r\n?|\n/g) ?? [];
  const lastBreak = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
  return { line: breaks.length + 1, column: offset - lastBreak };
}

describe.each([
  ['markdown', MARKDOWN_PIECES, readMarkdown],
  ['html', HTML_PIECES, readHtml],
] as const)('%s: random documents', (format, pieces, read) => {
  it('every span is its quote at its line and column, and no signal touches skipped content', async () => {
    await fc.assert(
      fc.asyncProperty(documentOf(pieces), async (text) => {
        const data = await signalsOf(text, format);
        const { kinds } = read(text);
        for (const signal of data.signals) {
          expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
          expect(lineAndColumn(text, signal.start)).toEqual({ line: signal.line, column: signal.column });
          for (let i = signal.start; i < signal.end; i++) expect(SEPARATING.has(kinds[i] as number), `unit ${i}`).toBe(false);
          expect(kinds[signal.start]).not.toBe(UnitKind.markup);
        }
        const skipped = data.coverage.notScannedUnits;
        expect(skipped).toBeDefined();
        const total = (skipped?.code ?? 0) + (skipped?.markup ?? 0) + (skipped?.url ?? 0) + (skipped?.frontMatter ?? 0);
        expect(total).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: scaled(75) },
    );
  });

  it("the mask's run starts are where a walk over every unit sees the kind change", () => {
    fc.assert(
      fc.property(documentOf(pieces), (text) => {
        const mask = read(text);
        const byUnit: number[] = [];
        for (let i = 1; i <= text.length; i++) if (i === text.length || mask.kinds[i] !== mask.kinds[i - 1]) byUnit.push(i);
        expect([...mask.runStarts()].slice(1)).toEqual(byUnit);
      }),
      { numRuns: scaled(125) },
    );
  });

  it('text mode answers as a call without format does', async () => {
    await fc.assert(
      fc.asyncProperty(documentOf(pieces), async (text) => {
        const [plain, asText] = [await signalsOf(text), await signalsOf(text, 'text')];
        expect(asText.signals).toEqual(plain.signals);
      }),
      { numRuns: scaled(25) },
    );
  });
});

describe('Markdown line starts (the reader finds them; the scan uses them for line and column)', () => {
  it('are where every line ending puts them, with front matter, fences and \\r', () => {
    const fenced = ['```\n', '~~~~\r\n', '````\r', '   ```\n', 'code\n'];
    fc.assert(
      fc.property(
        fc.constantFrom('', '---\na: 1\n---\n', '+++\r\nb = 2\r\n+++\r\n', '---\ra\r---\r'),
        fc.array(fc.oneof(documentOf(MARKDOWN_PIECES), fc.constantFrom(...fenced)), { maxLength: 6 }),
        (front, parts) => {
          const text = front + parts.join('');
          const expected = [0];
          for (const match of text.matchAll(/\r\n?|\n/g))
            if (match.index + match[0].length < text.length) expected.push(match.index + match[0].length);
          expect(readMarkdown(text).lineStarts, JSON.stringify(text)).toEqual(expected);
        },
      ),
      { numRuns: scaled(125) },
    );
  });
});
