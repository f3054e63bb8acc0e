// Differential fuzzing against the CommonMark reference: random documents
// from the constructs where code, raw HTML and link destinations begin and
// end: 750 times WRITING_RULES_TEST_SCALE (test/test-scale.ts); lab/markup/fuzz.ts
// runs any number.
import { describe, expect, it } from 'vitest';
import { scaled, scaledTimeout } from '../../test-scale';
import { readMarkdown } from '../../../src/core/markup/markdown';
import { MarkdownTrace } from '../../../src/core/markup/markdown-trace';
import { randomDocument, randomSource } from './fuzz-documents';
import { agrees, ourNodes, referenceNodes } from './reference';

const DOCUMENTS = scaled(750);

describe('random Markdown against commonmark 0.31.2', () => {
  it(
    `agrees on ${DOCUMENTS} documents`,
    () => {
      const rand = randomSource(20261130);
      const differing: string[] = [];
      for (let i = 0; i < DOCUMENTS; i++) {
        const markdown = randomDocument(rand);
        if (agrees(ourNodes(markdown), referenceNodes(markdown)) === 'different') differing.push(markdown);
      }
      expect(differing).toEqual([]);
    },
    scaledTimeout(60_000),
  );
});

// The comparison above reads with a trace, which takes every line of a fenced
// code block one by one; a scan reads without one, and skips a top-level
// block's body with one search for its closing fence. Both must mark the same.
describe('reading without a trace (as scans do)', () => {
  it(
    `marks what reading with one marks, on ${DOCUMENTS} documents`,
    () => {
      const rand = randomSource(20261201);
      for (let i = 0; i < DOCUMENTS; i++) {
        const markdown = randomDocument(rand, 12);
        for (const extensions of [false, true]) {
          const traced = readMarkdown(markdown, { extensions, trace: new MarkdownTrace() });
          const plain = readMarkdown(markdown, { extensions });
          expect(Array.from(plain.kinds), JSON.stringify(markdown)).toEqual(Array.from(traced.kinds));
          expect(plain.comments).toEqual(traced.comments);
          expect(plain.replacements).toEqual(traced.replacements);
        }
      }
    },
    scaledTimeout(60_000),
  );
});
