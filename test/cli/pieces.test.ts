// Files over find_writing_signals' 250,000-unit limit are checked in pieces
// split at line starts; every signal is found once, at its place in the file.
import { describe, expect, it } from 'vitest';
import { splitIntoPieces } from '../../src/cli/pieces';
import { MAX_TEXT_UNITS, type WritingSignal } from '../../src/core/index';
import { seededRandom } from '../support/seeded-random';
import { EN_META, EN_WORD, run, tree } from './helpers';

interface JsonOutput {
  files: { signals: WritingSignal[]; coverage: { truncated: boolean } }[];
}

const signalsOf = (stdout: string): WritingSignal[] => (JSON.parse(stdout) as JsonOutput).files[0]?.signals ?? [];

describe('splitIntoPieces', () => {
  it('keeps a text within the limit whole', () => {
    expect(splitIntoPieces('a\nb\n', 10)).toEqual([{ start: 0, ownedEnd: 4, scanEnd: 4, line: 1, column: 1 }]);
  });

  it('covers the text without gaps, splits at line starts and stays within the limit', () => {
    const random = seededRandom(7);
    const breaks = ['\n', '\r\n', '\r'];
    let text = '';
    while (text.length < 50_000) text += 'x'.repeat(Math.floor(random() * 120)) + (breaks[Math.floor(random() * 3)] as string);
    const pieces = splitIntoPieces(text, 5_000, { overlapUnits: 1_000 });
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces[0]?.start).toBe(0);
    expect(pieces.at(-1)?.ownedEnd).toBe(text.length);
    for (const [index, piece] of pieces.entries()) {
      expect(piece.scanEnd - piece.start).toBeLessThanOrEqual(5_000);
      expect(piece.scanEnd).toBeGreaterThanOrEqual(piece.ownedEnd);
      if (index > 0) expect(piece.start).toBe(pieces[index - 1]?.ownedEnd);
      // A line start: the unit before is a line break, and never the \r of a \r\n.
      if (piece.start > 0) {
        expect(text[piece.start - 1]).toMatch(/[\r\n]/);
        expect(text.slice(piece.start - 1, piece.start + 1)).not.toBe('\r\n');
      }
      const before = text.slice(0, piece.start);
      expect(piece.line).toBe(before.split(/\r\n?|\n/).length);
      expect(piece.column).toBe(1);
    }
  });

  it('splits a line longer than the limit at a code-point boundary, with the column of the split', () => {
    const text = '😀'.repeat(6_000);
    const pieces = splitIntoPieces(text, 5_001, { overlapUnits: 1_000 });
    for (const piece of pieces.slice(1)) {
      expect(text.charCodeAt(piece.start)).toBe(0xd83d);
      expect(piece).toMatchObject({ line: 1, column: piece.start + 1 });
    }
  });

  it('prefers a block start outside fenced code for Markdown and HTML', () => {
    const paragraph = `${'word '.repeat(15)}\n${'word '.repeat(15)}\n\n`; // 153 units: two lines, then a blank line
    const fenced = `\`\`\`\n${'code line\n\n'.repeat(100)}\`\`\`\n\n`; // blank lines inside the fence are no block starts
    const text = paragraph.repeat(10) + fenced + paragraph.repeat(40);
    const pieces = splitIntoPieces(text, 2_400, { overlapUnits: 200, mode: 'markdown' });
    const fenceStart = paragraph.length * 10;
    const fenceEnd = fenceStart + fenced.length;
    for (const piece of pieces.slice(1)) {
      expect(text.slice(piece.start - 2, piece.start)).toBe('\n\n');
      expect(piece.start <= fenceStart || piece.start >= fenceEnd).toBe(true);
    }
    // Plain text takes the last line start that fits, inside the fence or not.
    const plain = splitIntoPieces(text, 2_400, { overlapUnits: 200 });
    expect(plain[1]?.start).toBe(text.lastIndexOf('\n', 2_200) + 1);
    expect(plain[1]?.start).toBeGreaterThan(fenceStart);
    expect(plain[1]?.start).toBeLessThan(fenceEnd);
  });
});

describe('a file over the limit', () => {
  it('reports the signals of small pieces exactly as of the whole text', async () => {
    const random = seededRandom(12);
    const cues = [EN_WORD, EN_META, 'it is\nworth noting', 'it is\r\n   worth  noting'];
    const plain = ['plain', 'words', 'here', 'Grüße 😀'];
    const pick = (list: string[]): string => list[Math.floor(random() * list.length)] as string;
    let text = '';
    while (text.length < 60_000) {
      text += random() < 0.03 ? pick(cues) : pick(plain);
      text += random() < 0.15 ? (random() < 0.5 ? '\n' : '\r\n') : ' ';
    }
    const dir = tree({ 'long.txt': text });
    const whole = await run(dir, ['check', '--format', 'json', 'long.txt']);
    const inPieces = await run(dir, ['check', '--format', 'json', 'long.txt'], { pieceUnits: 5_000 });
    const expected = signalsOf(whole.stdout);
    expect(expected.length).toBeGreaterThan(100);
    expect((JSON.parse(inPieces.stdout) as JsonOutput).files[0]?.coverage.truncated).toBe(false);
    expect(signalsOf(inPieces.stdout)).toEqual(expected);
    // Every signal's quote is where its offsets say.
    for (const signal of expected) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  });

  it('reports a phrase across a split point once, from the piece it starts in, though the next piece matches its tail', async () => {
    const line = `${'filler text '.repeat(8)}\n`; // 97 units
    const plain = line.repeat(100);
    const split = splitIntoPieces(plain, 5_000)[1]?.start as number;
    // "It is" ends the line before the split; "worth noting that" starts the piece after it.
    const before = `${'filler '.repeat(12)}It is`;
    const after = 'worth noting that it';
    const text = `${plain.slice(0, split - line.length)}${before.padEnd(line.length - 1)}\n${after.padEnd(line.length - 1)}\n${plain.slice(split + line.length)}`;
    expect(splitIntoPieces(text, 5_000)[1]?.start).toBe(split);
    const dir = tree({ 'long.txt': text });
    const whole = signalsOf((await run(dir, ['check', '--format', 'json', 'long.txt'])).stdout);
    const inPieces = signalsOf((await run(dir, ['check', '--format', 'json', 'long.txt'], { pieceUnits: 5_000 })).stdout);
    expect(whole.map(({ ruleId, quote }) => ({ ruleId, quote }))).toEqual([{ ruleId: 'meta-framing', quote: `It is${' '.repeat(line.length - 1 - before.length)}\nworth noting` }]);
    expect(inPieces).toEqual(whole);
  });

  it('finds a signal on either side of each split point and one running across it once, with whole-file positions', async () => {
    const line = `${'filler text '.repeat(8)}\n`; // 97 units
    let text = line.repeat(Math.ceil((MAX_TEXT_UNITS * 2.4) / line.length));
    const pieces = splitIntoPieces(text, MAX_TEXT_UNITS);
    expect(pieces.length).toBe(3);
    // Replace the line before and the line at each split with phrases, one of them across the break.
    const expected: { quote: string; line: number; column: number }[] = [];
    let adjusted = text;
    for (const piece of pieces.slice(1)) {
      const at = piece.start;
      const before = `x ${EN_WORD} and it is`; // "it is" continues on the next line
      const after = `worth noting ${EN_WORD}`;
      const lineBefore = `${before}${' '.repeat(line.length - 1 - before.length)}\n`;
      const lineAt = `${after}${' '.repeat(line.length - 1 - after.length)}\n`;
      adjusted = adjusted.slice(0, at - line.length) + lineBefore + lineAt + adjusted.slice(at + line.length);
      expected.push(
        { quote: EN_WORD, line: piece.line - 1, column: 3 },
        { quote: `it is${' '.repeat(line.length - 1 - before.length)}\nworth noting`, line: piece.line - 1, column: before.length - 4 },
        { quote: EN_WORD, line: piece.line, column: 'worth noting '.length + 1 },
      );
    }
    text = adjusted;
    expect(splitIntoPieces(text, MAX_TEXT_UNITS).map((piece) => piece.start)).toEqual(pieces.map((piece) => piece.start));
    const dir = tree({ 'big.md': text });
    const result = await run(dir, ['check', '--format', 'json', 'big.md']);
    const signals = signalsOf(result.stdout);
    expect(signals.map(({ quote, line, column }) => ({ quote, line, column }))).toEqual(expected);
    for (const signal of signals) expect(text.slice(signal.start, signal.end)).toBe(signal.quote);
  });
});

describe('split points in a word or in markup', () => {
  /** The file checked whole and in pieces of 5,000 units (2,000 of overlap, so splits near 3,000). */
  async function bothWays(name: string, text: string) {
    const dir = tree({ [name]: text });
    const whole = await run(dir, ['check', '--format', 'json', name]);
    const inPieces = await run(dir, ['check', '--format', 'json', name], { pieceUnits: 5_000 });
    const pieces = (JSON.parse(inPieces.stdout) as { files: { pieces: number }[] }).files[0]?.pieces;
    return { whole: signalsOf(whole.stdout), inPieces: signalsOf(inPieces.stdout), pieces, stderr: inPieces.stderr };
  }

  it('never starts a piece inside a word, even in a line longer than a piece', () => {
    const random = seededRandom(3);
    const words: string[] = [];
    for (let length = 0; length < 60_000; length += (words.at(-1)?.length ?? 0) + 1) {
      words.push('abcdefghijklmnopqrstuvwxyzäöü'.slice(0, 1 + Math.floor(random() * 29)));
    }
    const text = words.join(' ');
    const pieces = splitIntoPieces(text, 5_000, { overlapUnits: 1_000 });
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces.slice(1)) expect(text.slice(piece.start - 1, piece.start + 1)).toMatch(/^ [a-zäöü]$/);
  });

  it('reports the signals of random Markdown and HTML, in lines or in one long line, in small pieces exactly as of the whole text', async () => {
    const parts = {
      md: ['`a powerful code`', '[link](https://x.y "a powerful title")', '<a title="a seamless one">x</a>', '<!-- a powerful\ncomment -->', '\n\n```\na powerful fence\n\nseamless\n```\n\n', '\n\n<pre>\npowerful\n\nseamless\n</pre>\n\n'],
      html: ['<code>a powerful code</code>', '<a title="a powerful seamless one">x</a>', '<!-- a powerful\n\ncomment -->', '<script>var a = "powerful";\n\nseamless</script>', '<pre>powerful\n\nseamless</pre>', '<p>', '</p>', '<em>'],
    };
    const prose = [EN_WORD, `${EN_META} that`, 'seamless', 'plain words', 'more text', '\n', '\n\n', ' ', ' ', ' '];
    for (const [mode, name] of [['md', 'a.md'], ['html', 'a.html']] as const) {
      for (const oneLine of [false, true]) {
        const random = seededRandom(7);
        const pool = [...prose, ...parts[mode]];
        let text = '';
        while (text.length < 40_000) {
          const part = pool[Math.floor(random() * pool.length)] as string;
          text += `${oneLine ? part.replace(/\n/g, ' ') : part} `;
        }
        const { whole, inPieces, pieces, stderr } = await bothWays(name, text);
        expect(pieces).toBeGreaterThan(10);
        expect(whole.length).toBeGreaterThan(100);
        expect(inPieces, `${name}${oneLine ? ' in one line' : ''}`).toEqual(whole);
        expect(stderr).toBe('');
      }
    }
  });

  it('text: a long line split mid-word no longer yields "powerful" from "abcxxpowerful"', async () => {
    // The line has no white space in the first 3,000 units; "powerful" starts at 3,000.
    const text = `${'abcxx'.repeat(600)}${EN_WORD} and more\n${'plain words here\n'.repeat(300)}A ${EN_WORD} end.\n`;
    const { whole, inPieces, pieces, stderr } = await bothWays('long.txt', text);
    expect(pieces).toBeGreaterThan(1);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
    expect(stderr).toBe('');
  });

  it('html: minified markup is not split inside an attribute value', async () => {
    const unit = `<a title="a ${EN_WORD} seamless setup">x</a>`;
    const at = unit.indexOf(EN_WORD);
    const copies = Math.floor((3_000 - at - 7) / unit.length);
    // `<p>zz…</p>` and the copies put a "powerful" of an attribute at offset 3,000.
    const prefix = `<p>${'z'.repeat(3_000 - at - copies * unit.length - 7)}</p>`;
    const text = `${prefix}${unit.repeat(200)}<p>A ${EN_WORD} end.</p>\n`;
    expect(text.indexOf(EN_WORD, 2_990)).toBe(3_000);
    const { whole, inPieces, pieces } = await bothWays('min.html', text);
    expect(pieces).toBeGreaterThan(1);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
  });

  it('html: a blank line inside <script> is no block start to split at', async () => {
    const prose = `<p>${'Plain words here. '.repeat(5)}</p>\n\n`;
    const script = `<script>\n${`var a = "a ${EN_WORD} setup";\n\n`.repeat(90)}</script>\n\n`;
    const text = `${prose.repeat(10)}${script}${prose.repeat(40)}<p>A ${EN_WORD} end.</p>\n`;
    const { whole, inPieces, pieces, stderr } = await bothWays('page.html', text);
    expect(pieces).toBeGreaterThan(1);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
    expect(stderr).toBe('');
  });

  it('html: a <script> longer than a piece is passed over, with a warning naming it', async () => {
    const script = `<script>\n${`var a = "a ${EN_WORD} setup";\n\n`.repeat(400)}</script>\n`;
    const text = `<p>A ${EN_WORD} start.</p>\n\n${script}<p>A ${EN_WORD} end.</p>\n`;
    const { whole, inPieces, stderr } = await bothWays('page.html', text);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD, EN_WORD]);
    expect(inPieces).toEqual(whole);
    const end = text.split('\n').indexOf('</script>') + 1;
    expect(stderr).toMatch(new RegExp(`^writing-rules: page\\.html:\\d+:\\d+: no safe split point in reach, so this long file was split inside <script>; the rest of it, to ${end}:10, was not scanned\\n$`));
  });

  it('text: a word longer than a piece is passed over to its end, with a warning', async () => {
    const head = `A ${EN_WORD} start `;
    const text = `${head}${'x'.repeat(12_000)}`;
    const { whole, inPieces, stderr } = await bothWays('blob.txt', text);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
    expect(stderr).toBe(
      // The first piece ends before the word; the second, from it, is split 3,000 units in.
      `writing-rules: blob.txt:1:${head.length + 3_001}: no safe split point in reach, so this long file was split inside a word; the rest of it, to 1:${text.length + 1}, was not scanned\n`,
    );
  });

  it('markdown: a line of code spans is split outside them', async () => {
    const text = `${`\`a ${EN_WORD} setup\`,`.repeat(300)}\n\nA ${EN_WORD} end.\n`;
    const { whole, inPieces, pieces } = await bothWays('spans.md', text);
    expect(pieces).toBeGreaterThan(1);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
  });

  it('markdown: a blank line inside a <pre> HTML block is no block start to split at', async () => {
    const text = `${'Plain words here.\n\n'.repeat(50)}<pre>\n${`a ${EN_WORD} setup\n\n`.repeat(150)}</pre>\n\n${'Plain words here.\n\n'.repeat(200)}A ${EN_WORD} end.\n`;
    const { whole, inPieces, pieces, stderr } = await bothWays('pre.md', text);
    expect(pieces).toBeGreaterThan(1);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD]);
    expect(inPieces).toEqual(whole);
    expect(stderr).toBe('');
  });

  it('markdown: fenced code longer than a piece is passed over, so its closing fence opens nothing', async () => {
    const text = `A ${EN_WORD} start.\n\n\`\`\`\n${`a ${EN_WORD} setup\n`.repeat(800)}\`\`\`\n\nA ${EN_WORD} end.\n`;
    const { whole, inPieces, stderr } = await bothWays('fence.md', text);
    expect(whole.map((signal) => signal.quote)).toEqual([EN_WORD, EN_WORD]);
    expect(inPieces).toEqual(whole);
    expect(stderr).toContain('split inside fenced code; the rest of it, to 805:1, was not scanned');
  });
});
