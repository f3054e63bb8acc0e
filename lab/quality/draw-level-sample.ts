// Draws a sample of signals for judging, per language: the signals of every
// scanner record on careful manual prose (lab/corpus/manuals.ts, one half of
// it) or on product copy (lab/corpus/product-copy.ts, leaving out every line
// judged before), each sentence once per record, in a salted random order.
// The judges see only the rule, the quote and its context.
//
//   npx tsx lab/quality/draw-level-sample.ts --half design --per-language 200 --salt levels-design --out lab/data/levels-design.tsv
//   … --min-level warning      only the signals of warning-level records (to measure that level)
//   … --corpus product-copy    product copy instead of the manuals
//   … --corpus handbooks       manuals no level was set on: Debian's handbooks, `project-manuals` (GIMP, KiCad),
//                              `office-manual` (LibreOffice's help) or `typesetting-manuals` (LilyPond, UDO; lab/corpus/manuals.ts)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { loadShippedRecords } from '../../test/support/catalogue-records';
import { loadManualsCorpus, loadNewManualsCorpus, type ManualsHalf, NEW_MANUALS_NAMES, type NewManuals } from '../corpus/manuals';
import { byRank, contextOf, readTable } from './sample';
import { buildEnglishProductCopy, buildGermanProductCopy } from '../corpus/product-copy';

const { values } = parseArgs({
  options: {
    half: { type: 'string', default: 'design' },
    'per-language': { type: 'string', default: '200' },
    salt: { type: 'string' },
    out: { type: 'string' },
    'min-level': { type: 'string', default: 'suggestion' },
    corpus: { type: 'string', default: 'manuals' },
  },
});
if (!values.salt || !values.out) throw new Error('--salt and --out are required');
const perLanguage = Number(values['per-language']);
const half = values.half as ManualsHalf;
const salt = values.salt;
const root = fileURLToPath(new URL('../..', import.meta.url));

// Lines judged before: a new sample holds none of them.
const judgedBefore = new Set(
  ['precision-sample.tsv', 'precision-rejudged.tsv', 'precision-dev-sample.tsv', 'levels-design.tsv', 'levels-measure.tsv'].flatMap(
    (file) => readTable(`${root}lab/data/${file}`).map((row) => `${row.source}|${row.offset}`),
  ),
);
const { records, origin } = await loadShippedRecords();
const wanted = records.filter((r) => values['min-level'] !== 'warning' || (r as { level?: string }).level !== 'suggestion');
const scan = createSignalScanner(wanted);
const rows: string[] = [['id', 'language', 'ruleId', 'patternId', 'quote', 'context', 'source', 'offset'].join('\t')];
for (const language of LANGUAGES) {
  const corpus =
    values.corpus === 'product-copy'
      ? language === 'en'
        ? buildEnglishProductCopy(root)
        : buildGermanProductCopy()
      : NEW_MANUALS_NAMES.includes(values.corpus as NewManuals)
        ? loadNewManualsCorpus(values.corpus as NewManuals, language)
        : await loadManualsCorpus(root, language, half);
  const signals: { patternId: string; ruleId: string; quote: string; context: string; source: string; offset: number }[] = [];
  const seen = new Set<string>();
  let words = 0;
  for (const doc of corpus.documents) {
    words += doc.text.split(/\s+/).filter(Boolean).length;
    for (const s of scan({ text: doc.text, language, ruleIds: SCANNABLE_RULE_IDS })) {
      const sentence = contextOf(doc.text, s.start, s.end, 0);
      const key = `${s.patternId}|${sentence}`;
      if (seen.has(key) || judgedBefore.has(`${doc.source.replace(/^node_modules\//, '')}|${s.start}`)) continue;
      seen.add(key);
      signals.push({
        patternId: s.patternId,
        ruleId: s.ruleId,
        quote: s.quote,
        context: contextOf(doc.text, s.start, s.end),
        source: doc.source,
        offset: s.start,
      });
    }
  }
  const drawn = byRank(signals, salt).slice(0, perLanguage);
  drawn.forEach((s, i) => {
    rows.push(
      [`${language}-${i + 1}`, language, s.ruleId, s.patternId, s.quote, s.context, s.source, String(s.offset)]
        .map((c) => c.replace(/[\t\n]/g, ' '))
        .join('\t'),
    );
  });
  console.log(
    `${language}: ${corpus.provenance.join('; ')}; ${words} words; ${signals.length} signals (each sentence once per record); ${drawn.length} drawn`,
  );
}
writeFileSync(values.out, `${rows.join('\n')}\n`);
console.log(`records: ${origin}; wrote ${values.out}`);
