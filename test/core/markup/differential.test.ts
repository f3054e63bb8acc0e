// Differential fuzzing against the CommonMark reference: random documents
// from the constructs where code, raw HTML and link destinations begin and
// end. CI runs 3,000 (a few seconds); scripts/markup/fuzz.ts runs any number.
import { describe, expect, it } from 'vitest';
import { randomDocument, randomSource } from './fuzz-documents';
import { agrees, ourNodes, referenceNodes } from './reference';

const DOCUMENTS = 3000;

describe('random Markdown against commonmark 0.31.2', () => {
  it(`agrees on ${DOCUMENTS} documents`, () => {
    const rand = randomSource(20261130);
    const differing: string[] = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const markdown = randomDocument(rand);
      if (agrees(ourNodes(markdown), referenceNodes(markdown)) === 'different') differing.push(markdown);
    }
    expect(differing).toEqual([]);
  }, 60_000);
});
