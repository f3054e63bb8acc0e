// Breakdown of Markdown and HTML mode on the bench corpora: text scan, reader,
// projection, projected scan, each timed interleaved (medians in ms).
import { fileURLToPath } from 'node:url';
import { SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { readHtml } from '../../src/core/markup/html';
import { scanMarkup } from '../../src/core/markup/index';
import { readMarkdown } from '../../src/core/markup/markdown';
import { project } from '../../src/core/markup/projection';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { loadShippedRecords } from '../bench/catalogue-records';
import { debianCorpus, readmeCorpus } from '../bench/markup-rows';
import { compare } from '../bench/measure';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { records } = await loadShippedRecords();
const scanner = createSignalScanner(records);
const readme = readmeCorpus(root);
const debian = debianCorpus() ?? '';
const show = (label: string, t: Record<string, { medianMs: number }>) =>
  console.log(label, Object.entries(t).map(([k, v]) => `${k} ${v.medianMs.toFixed(2)}`).join(', '));
for (const [label, text, language, read] of [
  ['markdown', readme, 'en', readMarkdown],
  ['html', debian, 'de', readHtml],
] as const) {
  const mask = read(text);
  const projected = project(mask).text;
  const full = () =>
    scanMarkup(text, label, Number.POSITIVE_INFINITY, (p, limit) =>
      scanner({ text: p, language, ruleIds: SCANNABLE_RULE_IDS, ...(limit === undefined ? {} : { limit }) }),
    );
  show(label, compare({
    text: () => scanner({ text, language, ruleIds: SCANNABLE_RULE_IDS }),
    read: () => read(text),
    project: () => project(mask),
    scanProjected: () => scanner({ text: projected, language, ruleIds: SCANNABLE_RULE_IDS }),
    full,
  }, { warmup: 10, runs: 40 }));
}
