// The mode each file is read in, from its name: Markdown and HTML scan the
// prose only and obey ignore directives; text scans every character.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { MODE_BY_EXTENSION, modeForPath } from '../../src/cli/files';
import { EN_WORD, run, title, tree } from './helpers';

const WORD = title('word-choice');

interface JsonOutput {
  files: {
    path: string;
    mode: string;
    pieces: number;
    signals: { quote: string; line: number }[];
    coverage: { directiveProblems?: { line: number; message: string }[]; omittedDirectiveProblems?: number };
  }[];
}
const parse = (stdout: string): JsonOutput => JSON.parse(stdout) as JsonOutput;

describe('mode by file name', () => {
  it('maps the walked extensions, in any case, and anything else to text', () => {
    expect(MODE_BY_EXTENSION).toEqual({
      '.md': 'markdown',
      '.markdown': 'markdown',
      '.mdx': 'markdown',
      '.html': 'html',
      '.htm': 'html',
      '.txt': 'text',
    });
    expect(['a.md', 'b.MARKDOWN', 'c.Mdx', 'd.html', 'e.HTM', 'f.txt', 'g.js', 'README', '-'].map(modeForPath)).toEqual([
      'markdown',
      'markdown',
      'markdown',
      'html',
      'html',
      'text',
      'text',
      'text',
      'text',
    ]);
  });
});

describe('Markdown, HTML and text files', () => {
  const markdown = `# Setup\n\nA ${EN_WORD} start.\n\n\`\`\`sh\necho ${EN_WORD}\n\`\`\`\n\nRun \`${EN_WORD}\` or see <https://example.com/${EN_WORD}>.\n`;
  const html = `<p>A ${EN_WORD} start.</p>\n<pre><code>${EN_WORD}</code></pre>\n<a href="/${EN_WORD}">link</a>\n`;

  it('scans only the prose of .md and .html, and all of .txt but its URLs', async () => {
    const dir = tree({ 'a.md': markdown, 'b.html': html, 'c.txt': markdown });
    const output = parse((await run(dir, ['check', '--format', 'json', '.'])).stdout);
    expect(output.files.map((file) => [file.path, file.mode, file.signals.map((signal) => signal.quote + signal.line)])).toEqual([
      ['a.md', 'markdown', [`${EN_WORD}3`]],
      ['b.html', 'html', [`${EN_WORD}1`]],
      ['c.txt', 'text', [`${EN_WORD}3`, `${EN_WORD}6`, `${EN_WORD}9`]],
    ]);
  });

  // A design system named "Synergy", published as @synergy-design-system/mcp: its
  // name, its package and its links are no word choice, in any mode; the word
  // used as a word still is.
  it('gives no word-choice signal for a product name, its package or its URLs, in a README of each mode', async () => {
    const readme = [
      '# @synergy-design-system/mcp',
      '',
      'The MCP server of the Synergy Design System: it serves Synergy components and the Synergy tokens.',
      'Install @synergy-design-system/mcp, then read https://synergy-design.github.io/ or mail synergy@example.com.',
      '',
      '## Using Synergy',
      '',
      'Our Synergy-Tokens package and the synergy_tokens module are described in ./docs/synergy.md.',
      '',
      'Words like "synergy" are avoided in this README.',
      '',
    ].join('\n');
    const html = `<h1>@synergy-design-system/mcp</h1>\n<p>The MCP server of the Synergy Design System serves Synergy components.</p>\n<p>See https://synergy-design.github.io/ for the Synergy tokens.</p>\n`;
    const dir = tree({
      'README.md': readme,
      'README.txt': readme,
      'index.html': html,
      'used.md': `${readme}\nIt creates synergy between teams.\n`,
    });
    const output = parse((await run(dir, ['check', '--format', 'json', '--rules', 'word-choice', '.'])).stdout);
    expect(output.files.map((file) => [file.path, file.signals.map((signal) => signal.quote + signal.line)])).toEqual([
      ['README.md', []],
      ['README.txt', []],
      ['index.html', []],
      ['used.md', ['synergy12']],
    ]);
  });

  it('reads standard input as text, or in the mode of its --stdin-name', async () => {
    const dir = tree({});
    const plain = parse((await run(dir, ['check', '--format', 'json', '-'], { stdin: markdown })).stdout);
    expect(plain.files[0]).toMatchObject({ path: '-', mode: 'text' });
    const named = parse((await run(dir, ['check', '--format', 'json', '--stdin-name', 'x.md', '-'], { stdin: markdown })).stdout);
    expect(named.files[0]?.mode).toBe('markdown');
    expect(named.files[0]?.signals.map((signal) => signal.line)).toEqual([3]);
  });

  it('obeys ignore directives and reports a bad one in every format without failing the run on it', async () => {
    const text = [
      '<!-- writing-rules-disable-next-line word-choice -->',
      `A ${EN_WORD} example, quoted on purpose.`,
      '',
      '<!-- writing-rules-disable-next-line word-choise -->',
      `A ${EN_WORD} claim.`,
      '',
    ].join('\n');
    const dir = tree({ 'a.md': text, 'clean.md': '<!-- writing-rules-disable wordchoice -->\nPlain.\n' });
    const textOutput = await run(dir, ['check', 'a.md', 'clean.md']);
    expect(textOutput.code).toBe(1);
    expect(textOutput.stdout).toBe(
      [
        `a.md:5:3  warning  word-choice  "stunning"  ${WORD}`,
        "a.md:4  directive  writing-rules-disable-next-line names 'word-choise', which is not a catalogue rule; ignored",
        '',
        "clean.md:1  directive  writing-rules-disable names 'wordchoice', which is not a catalogue rule; ignored",
        '',
        "1 signal in 1 of 2 files. Each signal needs a reviewer's judgment.",
        '',
      ].join('\n'),
    );
    // A directive problem alone does not fail the run.
    expect((await run(dir, ['check', 'clean.md'])).code).toBe(0);

    const github = (await run(dir, ['check', '--format', 'github', 'a.md'])).stdout.split('\n');
    expect(github[1]).toBe(
      "::warning file=a.md,line=4,title=writing-rules directive::writing-rules-disable-next-line names 'word-choise', which is not a catalogue rule; ignored",
    );

    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, unicodeRegExp: false, validateFormats: false }).compile(schema);
    const sarif = JSON.parse((await run(dir, ['check', '--format', 'sarif', 'a.md'])).stdout);
    expect(validate(sarif)).toBe(true);
    expect(sarif.runs[0].invocations[0]).toEqual({
      executionSuccessful: true,
      toolExecutionNotifications: [
        {
          level: 'warning',
          message: { text: "writing-rules-disable-next-line names 'word-choise', which is not a catalogue rule; ignored" },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'a.md', uriBaseId: 'SRCROOT' }, region: { startLine: 4 } } }],
        },
      ],
    });
  });

  it('reports the first 100 directive problems of a file at their lines and counts the rest', async () => {
    const block = (index: number): string => `<!-- writing-rules-disable-next-line nope${index} -->\nParagraph ${index} is ${EN_WORD}.\n\n`;
    const text = Array.from({ length: 400 }, (_, index) => block(index)).join('');
    const dir = tree({ 'long.md': text });
    const file = parse((await run(dir, ['check', '--format', 'json', 'long.md'])).stdout).files[0];
    expect(file?.coverage.directiveProblems).toHaveLength(100);
    expect(file?.coverage.directiveProblems?.[99]?.line).toBe(100 * 3 - 2);
    expect(file?.coverage.omittedDirectiveProblems).toBe(300);
  });
});
