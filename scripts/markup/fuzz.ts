// `npx tsx scripts/markup/fuzz.ts [count] [seed]`: differential fuzzing of the
// Markdown reader against the CommonMark reference on random documents
// (default 100,000 from seed 1). CI runs a few thousand in
// test/core/markup/differential.test.ts; this runs as many as asked and
// prints every document that differs.
import { randomDocument, randomSource } from '../../test/core/markup/fuzz-documents';
import { agrees, ourNodes, referenceNodes } from '../../test/core/markup/reference';

const count = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? 1);
const rand = randomSource(seed);
let differing = 0;
let partialTabs = 0;
const started = performance.now();
for (let i = 0; i < count; i++) {
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
console.log(`${count} documents from seed ${seed} in ${seconds} s: ${differing} differ; ${partialTabs} agree once spaces and tabs are left out (a partly consumed tab)`);
