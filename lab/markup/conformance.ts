// `npx tsx lab/markup/conformance.ts [--verbose]`: every example of the
// CommonMark spec (commonmark-spec), compared with the reference
// implementation: the code, raw HTML and link destinations must be the same.
// Prints the figure docs/markup.md quotes and the examples that differ.
import { isDeepStrictEqual } from 'node:util';
import spec from 'commonmark-spec';
import { readMarkdown } from '../../src/core/markup/markdown';
import { agrees, ourNodes, referenceNodes, specMarkdown } from '../../test/core/markup/reference';

const verbose = process.argv.includes('--verbose');
let same = 0;
const differing: { number: number; section: string; verdict: string }[] = [];
for (const example of spec.tests) {
  const markdown = specMarkdown(example.markdown);
  const ours = ourNodes(markdown);
  const reference = referenceNodes(markdown);
  const verdict = agrees(ours, reference);
  if (verdict === 'same') same++;
  else {
    differing.push({ number: example.number, section: example.section, verdict });
    if (verbose) console.log(JSON.stringify({ n: example.number, markdown, ours: ours.nodes, reference }, null, 1));
  }
}
console.log(`${same} of ${spec.tests.length} examples agree with commonmark ${'0.31.2'}`);
for (const d of differing) {
  console.log(`example ${d.number} (${d.section}): ${d.verdict === 'same-but-tabs' ? 'a partly consumed tab' : 'differs'}`);
}

// With the extensions on (as scans run), which examples read differently.
const extended: number[] = [];
for (const example of spec.tests) {
  const markdown = specMarkdown(example.markdown);
  const plain = readMarkdown(markdown, { extensions: false }).kinds;
  const withExtensions = readMarkdown(markdown).kinds;
  if (!isDeepStrictEqual(plain, withExtensions)) extended.push(example.number);
}
console.log(`with front matter and GFM on, ${extended.length} examples read differently: ${extended.join(', ')}`);
