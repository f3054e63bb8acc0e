// Lists every signal the numeric comparisons of claims-evidence give alone
// (its suggestion record's numericComparisons with the record's guards), one
// TSV line per signal (language, quote, context), on the design half of the
// manuals or on product copy; the counts go to stderr. For reading what the
// record kind raises on careful prose.
//
//   npx tsx lab/quality/numeric-signals.ts manuals > /tmp/numeric-manuals.tsv
//   npx tsx lab/quality/numeric-signals.ts product-copy > /tmp/numeric-product-copy.tsv
import { fileURLToPath } from 'node:url';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { compileRecordSource, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { loadManualsCorpus } from '../corpus/manuals';
import { buildEnglishProductCopy, buildGermanProductCopy } from '../corpus/product-copy';
import { contextOf } from './sample';
const root = fileURLToPath(new URL('../..', import.meta.url));
const corpusName = process.argv[2] ?? 'manuals';
for (const language of ['en', 'de'] as const) {
  const base = catalogue.signalRecords.find((r) => r.id === `claims-evidence.${language}.suggestion`);
  if (base === undefined) throw new Error(`no record claims-evidence.${language}.suggestion`);
  const patterns = {
    phrases: [],
    pairs: [],
    numericComparisons: base.numericComparisons,
    notAfter: base.notAfter,
    notAfterInClause: base.notAfterInClause,
    notBeforeInClause: base.notBeforeInClause,
  };
  const record: CompiledSignalRecord = {
    id: 'numeric',
    ruleId: 'claims-evidence',
    language,
    level: 'suggestion',
    ...patterns,
    source: compileRecordSource(patterns),
    flags: RECORD_FLAGS,
  };
  const scan = createSignalScanner([record]);
  const corpus =
    corpusName === 'product-copy'
      ? language === 'en'
        ? buildEnglishProductCopy(root)
        : buildGermanProductCopy()
      : await loadManualsCorpus(root, language, 'design');
  let n = 0;
  for (const doc of corpus.documents) {
    for (const s of scan({ text: doc.text, language, ruleIds: ['claims-evidence'] })) {
      n++;
      console.log(`${language}\t${s.quote}\t${contextOf(doc.text, s.start, s.end).replace(/\s+/g, ' ')}`);
    }
  }
  console.error(language, n, 'signals in', corpus.documents.length, 'documents');
}
