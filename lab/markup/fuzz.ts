// Differential fuzzing on random documents, printing every document that differs:
//   npx tsx lab/markup/fuzz.ts [count] [seed]       the Markdown reader against
//     the CommonMark reference (default 100,000 documents from seed 1)
//   npx tsx lab/markup/fuzz.ts html [count] [seed]  the HTML reader against the
//     same rules on htmlparser2's tokenizer
// CI runs a few thousand of each in test/core/markup/differential.test.ts and
// html-differential.test.ts; this runs as many as asked.
import { difference, randomHtml } from '../../test/core/markup/html-reference';
import { randomDocument, randomSource } from '../../test/core/markup/fuzz-documents';
import { agrees, ourNodes, referenceNodes } from '../../test/core/markup/reference';

const html = process.argv[2] === 'html';
const args = process.argv.slice(html ? 3 : 2);
const count = Number(args[0] ?? 100_000);
const seed = Number(args[1] ?? 1);
const rand = randomSource(seed);
let differing = 0;
let partialTabs = 0;
const started = performance.now();
for (let i = 0; i < count; i++) {
  if (html) {
    const text = randomHtml(rand);
    const found = difference(text);
    if (found !== null && ++differing <= 20) console.log(JSON.stringify({ document: i, html: text, difference: found }));
    continue;
  }
  const markdown = randomDocument(rand);
  const ours = ourNodes(markdown);
  const reference = referenceNodes(markdown);
  const verdict = agrees(ours, reference);
  if (verdict === 'same') continue;
  if (verdict === 'same-but-tabs') {
    partialTabs++;
    continue;
  }
  differing++;
  if (differing <= 20) console.log(JSON.stringify({ document: i, markdown, ours: ours.nodes, reference }));
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  html
    ? `${count} HTML documents from seed ${seed} in ${seconds} s: ${differing} differ`
    : `${count} documents from seed ${seed} in ${seconds} s: ${differing} differ; ` +
        `${partialTabs} agree once spaces and tabs are left out (a partly consumed tab)`,
);
