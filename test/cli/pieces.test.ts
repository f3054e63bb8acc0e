// Files over find_writing_signals' 250,000-unit limit are checked in pieces
// split at line starts; every signal is found once, at its place in the file.
import { describe, expect, it } from 'vitest';
import { splitIntoPieces } from '../../src/cli/pieces';
import { MAX_TEXT_UNITS, type WritingSignal } from '../../src/core/index';
import { seededRandom } from '../../scripts/lib/seeded-random';
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
    const pieces = splitIntoPieces(text, 2_400, { overlapUnits: 200, preferBlockStarts: true });
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
