// Files over find_writing_signals' 250,000-unit limit are read and scanned
// whole (the library's scanDocument): the signals, coverage and directive
// problems are those the tool gives on the file's parts, each under the
// limit, placed in the whole file; nothing is split and nothing is warned.
import { describe, expect, it } from 'vitest';
import { createWritingToolDispatcher, type FindWritingSignalsResult, MAX_TEXT_UNITS } from '../../src/core/index';
import { EN_META, EN_WORD, run, tree } from './helpers';

type Coverage = FindWritingSignalsResult['coverage'];
type Signal = FindWritingSignalsResult['signals'][number];

interface JsonFile {
  path: string;
  mode: string;
  pieces: number;
  signals: Signal[];
  coverage: Coverage;
}

async function checkJson(name: string, text: string): Promise<{ file: JsonFile; stderr: string; code: number }> {
  const dir = tree({ [name]: text });
  const result = await run(dir, ['check', '--format', 'json', '--max-signals', '500', name]);
  const file = (JSON.parse(result.stdout) as { files: JsonFile[] }).files[0] as JsonFile;
  return { file, stderr: result.stderr, code: result.code };
}

/** find_writing_signals through the dispatcher, as a host calls it: the text must be within the limit. */
async function tool(text: string, format: 'markdown' | 'html' | 'text'): Promise<FindWritingSignalsResult> {
  expect(text.length).toBeLessThanOrEqual(MAX_TEXT_UNITS);
  const result = await createWritingToolDispatcher().dispatch({
    name: 'find_writing_signals',
    // The command's default level: warnings only.
    arguments: { text, format, maxSignals: 500, minLevel: 'warning' },
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

const lineCount = (text: string): number => text.split('\n').length - 1;

describe('a file over the tool limit', () => {
  it('Markdown: gives exactly the signals, coverage and directive problems the tool gives on its parts under the limit', async () => {
    // Part one: short paragraphs, a few with the word, a few after a directive naming no rule.
    let head = '';
    for (let index = 0; head.length < 100_000; index++) {
      if (index % 400 === 0) head += `<!-- writing-rules-disable-next-line nope${index} -->\n`;
      head += index % 50 === 0 ? `Paragraph ${index} is ${EN_WORD}.\n\n` : `Paragraph ${index} is plain.\n\n`;
    }
    // Part two: one paragraph of 160,000 units, past the tool's limit in the whole file, whose
    // continuation lines are indented: lazy lines of the paragraph, prose, that read on their
    // own would open indented code. Then fenced code and an HTML block with blank lines inside.
    let paragraph = 'A long paragraph opens here.\n';
    for (let index = 1; paragraph.length < 160_000; index++) {
      paragraph += index % 100 === 0 ? `    and ${EN_META} line ${index} is ${EN_WORD},\n` : `    and line ${index} goes on,\n`;
    }
    const fence = `\`\`\`\n${`a ${EN_WORD} fence\n\nseamless\n`.repeat(50)}\`\`\`\n\n`;
    const html = `<div>\n${`<p>a ${EN_WORD} block</p>\n`.repeat(20)}\n</div>\n\n`;
    const tail = `${paragraph}\n${fence}${html}<!-- writing-rules-disable-next-line nope-tail -->\nA ${EN_WORD} end.\n`;
    const text = head + tail;
    expect(head.length).toBeLessThan(MAX_TEXT_UNITS - 100_000);
    expect(text.length).toBeGreaterThan(MAX_TEXT_UNITS + 10_000);

    const [first, second] = [await tool(head, 'markdown'), await tool(tail, 'markdown')];
    const lines = lineCount(head);
    const placed = (signal: Signal): Signal => ({
      ...signal,
      start: signal.start + head.length,
      end: signal.end + head.length,
      line: signal.line + lines,
    });
    const sum = (key: keyof NonNullable<Coverage['notScannedUnits']>) =>
      (first.coverage.notScannedUnits?.[key] ?? 0) + (second.coverage.notScannedUnits?.[key] ?? 0);

    const { file, stderr, code } = await checkJson('long.md', text);
    expect(second.signals.filter((signal) => signal.start + head.length > MAX_TEXT_UNITS).length).toBeGreaterThan(4);
    expect(file.signals).toEqual([...first.signals, ...second.signals.map(placed)]);
    expect(file.coverage).toEqual({
      ...first.coverage,
      truncated: false,
      signalsByLevel: { warning: file.signals.length, suggestion: 0 },
      notScannedUnits: { code: sum('code'), markup: sum('markup'), url: sum('url'), frontMatter: sum('frontMatter') },
      suppressedSignals: (first.coverage.suppressedSignals ?? 0) + (second.coverage.suppressedSignals ?? 0),
      directiveProblems: [
        ...(first.coverage.directiveProblems ?? []),
        ...(second.coverage.directiveProblems ?? []).map((problem) => ({ ...problem, line: problem.line + lines })),
      ],
    });
    expect(file.coverage.directiveProblems?.at(-1)?.line).toBe(lineCount(text) - 1);
    expect([code, stderr, file.pieces]).toEqual([1, '', 1]);
  });

  it('Markdown: fenced code longer than the limit is skipped as code, counted, and not warned about', async () => {
    const fenceOf = (lines: number) =>
      `A ${EN_WORD} start.\n\n\`\`\`\n${`a ${EN_WORD} setup\n`.repeat(lines)}\`\`\`\n\nA ${EN_WORD} end.\n`;
    const text = fenceOf(16_000);
    expect(text.length).toBeGreaterThan(MAX_TEXT_UNITS);
    const small = await tool(fenceOf(100), 'markdown');
    const lineUnits = `a ${EN_WORD} setup\n`.length;

    const { file, stderr } = await checkJson('fence.md', text);
    expect(stderr).toBe('');
    expect(file.signals.map(({ quote, line, column }) => ({ quote, line, column }))).toEqual([
      { quote: EN_WORD, line: 1, column: 3 },
      { quote: EN_WORD, line: 16_006, column: 3 },
    ]);
    expect(file.coverage.notScannedUnits).toEqual({
      ...small.coverage.notScannedUnits,
      code: (small.coverage.notScannedUnits?.code ?? 0) + (16_000 - 100) * lineUnits,
    });
  });

  it('HTML: a <script> longer than the limit is skipped, and the prose after it is found at its line', async () => {
    const text = `<p>A ${EN_WORD} start.</p>\n<script>\n${`var a = "a ${EN_WORD} setup";\n\n`.repeat(10_000)}</script>\n<p>A ${EN_WORD} end.</p>\n`;
    expect(text.length).toBeGreaterThan(MAX_TEXT_UNITS);
    const { file, stderr } = await checkJson('page.html', text);
    expect(stderr).toBe('');
    expect(file.signals.map(({ quote, line, column }) => ({ quote, line, column }))).toEqual([
      { quote: EN_WORD, line: 1, column: 6 },
      { quote: EN_WORD, line: 20_004, column: 6 },
    ]);
    expect(file.coverage.notScannedUnits?.code).toBeGreaterThan(MAX_TEXT_UNITS);
  });

  it('text: a word longer than the limit is read whole, so the phrase after it is found and nothing is warned', async () => {
    const text = `A ${EN_WORD} start ${'x'.repeat(MAX_TEXT_UNITS + 5_000)}${EN_WORD} ${EN_META} it ends.\n`;
    const { file, stderr } = await checkJson('blob.txt', text);
    expect(stderr).toBe('');
    // "xxx…stunning" is one word, so its tail is no signal; the phrase after it is.
    expect(file.signals.map(({ quote, start }) => ({ quote, start }))).toEqual([
      { quote: EN_WORD, start: 2 },
      { quote: EN_META, start: text.indexOf(EN_META) },
    ]);
  });
});
