// The Markdown block reader is linear in nesting depth: lists nested 400 deep
// read in about the time of lists 10 deep of the same length. Before, each
// open container re-read the line's indentation, and 400 deep took 13 times
// as long as 10 deep (35 times prose in Markdown mode).
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/core/markup/markdown';
import { nestedLists } from '../../support/nested-lists';

/** The fastest of a few runs: the least disturbed by other processes. */
function fastestMs(read: () => unknown, runs = 5): number {
  read();
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    read();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('Markdown lists nested deep', () => {
  it('read 400 deep in at most 4 times the time of 10 deep, at 250,000 units each', () => {
    const shallow = nestedLists(10, 250_000);
    const deep = nestedLists(400, 250_000);
    const ratio = fastestMs(() => readMarkdown(deep)) / fastestMs(() => readMarkdown(shallow));
    // About 0.5 now; 7 to 13 before. 4 leaves room for a loaded machine.
    expect(ratio).toBeLessThan(4);
  });
});
