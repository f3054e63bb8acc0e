// Draws fresh lines for the development sample (lab/data/precision-dev-sample.tsv):
// signals the current lists raise on package descriptions of other Debian
// releases, in sentences that the test corpus (this machine's apt index, the
// one `npm run measure:precision` reads) does not hold and that no sample
// holds yet. The same kind of product copy as the test corpus, outside it:
// whoever tunes the lists can read and judge these without seeing a test line.
//
//   npm run draw:development -- --salt NAME --index FILE [--index FILE …] [--appstream FILE …]
//       [--language de] [--per-record 20] [--records id,id] [--round LABEL] [--out FILE]
//
// --index takes a Translation-<language> index of another release, in any
// compression apt reads; --appstream a DEP-11 Components file (AppStream
// application descriptions, gzip or plain), for example
//   curl -O http://deb.debian.org/debian/dists/trixie/main/i18n/Translation-de.bz2
//   curl -O http://deb.debian.org/debian/dists/trixie/main/dep11/Components-amd64.yml.gz
// The draw writes a TSV with the development sample's columns and empty
// verdicts (default node_modules/.cache/writing-rules-corpus/development-draw.tsv);
// once judged, its lines are appended to lab/data/precision-dev-sample.tsv.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Language } from '../../src/core/catalogue/ids';
import { loadSignalRecords } from '../../test/support/catalogue-records';
import { readAppstreamDescriptions } from '../corpus/appstream';
import { buildEnglishProductCopy, buildGermanProductCopy, readDescriptionIndex } from '../corpus/product-copy';
import { byRank, readTable } from './sample';
import { signalsPerRecord } from '../corpus/signals';
import type { Corpus, CorpusDocument } from '../../test/support/corpus/types';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COLUMNS = ['language', 'patternId', 'quote', 'context', 'source', 'round', 'judge', 'verdict', 'note'] as const;

interface Options {
  salt: string;
  indexes: string[];
  appstream: string[];
  language: Language;
  perRecord: number;
  records: string[] | undefined;
  round: string;
  out: string;
}

function readOptions(argv: string[]): Options {
  const fail = (message: string): never => {
    console.error(
      `${message}\nusage: npm run draw:development -- --salt NAME [--index FILE …] [--appstream FILE …] [--language de|en] [--per-record N] [--records id,id] [--round LABEL] [--out FILE]`,
    );
    process.exit(2);
  };
  let values: Record<string, string | string[] | undefined> = {};
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        salt: { type: 'string' },
        index: { type: 'string', multiple: true },
        appstream: { type: 'string', multiple: true },
        language: { type: 'string', default: 'de' },
        'per-record': { type: 'string', default: '20' },
        records: { type: 'string' },
        round: { type: 'string', default: '' },
        out: { type: 'string', default: `${root}node_modules/.cache/writing-rules-corpus/development-draw.tsv` },
      },
    }) as { values: Record<string, string | string[] | undefined> });
  } catch (error) {
    fail((error as Error).message);
  }
  const salt = values.salt as string | undefined;
  if (!salt) fail('--salt is required: it names the draw, and a new salt draws new lines');
  const indexes = (values.index as string[] | undefined) ?? [];
  const appstream = (values.appstream as string[] | undefined) ?? [];
  if (indexes.length + appstream.length === 0)
    fail('--index or --appstream is required: a Translation-<language> or DEP-11 Components file');
  for (const file of indexes) if (!existsSync(file)) fail(`--index: no file at ${file}`);
  for (const file of appstream) if (!existsSync(file)) fail(`--appstream: no file at ${file}`);
  const language = values.language as string;
  if (language !== 'de' && language !== 'en') fail(`--language takes de or en, not ${JSON.stringify(language)}`);
  const perRecord = values['per-record'] as string;
  if (!/^\d+$/.test(perRecord) || Number(perRecord) < 1 || Number(perRecord) > 500) {
    fail(`--per-record takes a whole number from 1 to 500, not ${JSON.stringify(perRecord)}`);
  }
  const records = (values.records as string | undefined)?.split(',').map((id) => id.trim());
  return {
    salt: salt!,
    indexes,
    appstream,
    language: language as Language,
    perRecord: Number(perRecord),
    records,
    round: values.round as string,
    out: values.out as string,
  };
}

/** Sentences already judged (either sample), without their quote marks: a line is drawn once. */
function judgedSentences(): string[] {
  const contexts: string[] = [];
  for (const file of ['lab/data/precision-dev-sample.tsv', 'lab/data/precision-sample.tsv']) {
    for (const row of readTable(`${root}${file}`)) contexts.push(unmark(row.context ?? ''));
  }
  return contexts;
}

const unmark = (text: string) => text.replace(/\[\[|\]\]/g, '').replace(/^…|…$/g, '');

function main(): void {
  const options = readOptions(process.argv.slice(2));
  const test: Corpus = options.language === 'de' ? buildGermanProductCopy() : buildEnglishProductCopy(root);
  const testText = test.documents.map((d) => d.text).join('\n\n');
  const seen = new Set<string>();
  const documents: CorpusDocument[] = [];
  for (const file of options.indexes) {
    const read = readDescriptionIndex(file, options.language, seen);
    console.log(read.provenance);
    documents.push(
      ...read.documents.map((d) => ({ ...d, source: `${file.split('/').pop()}:${d.source.replace(/^Translation-[a-z]+:/, '')}` })),
    );
  }
  for (const file of options.appstream) {
    const read = readAppstreamDescriptions(file, options.language, seen);
    console.log(read.provenance);
    documents.push(...read.documents.map((d) => ({ ...d, source: `${file.split('/').pop()}:${d.source}` })));
  }
  const records = loadSignalRecords().filter(
    (r) => r.language === options.language && (!options.records || options.records.includes(r.id)),
  );
  const unknown = options.records?.filter((id) => !records.some((r) => r.id === id)) ?? [];
  if (unknown.length > 0) {
    console.error(`--records: no ${options.language} record ${unknown.join(', ')}`);
    process.exit(2);
  }
  const judged = judgedSentences();
  const rows: string[] = [COLUMNS.join('\t')];
  const hits = signalsPerRecord({ language: options.language, documents, provenance: [] }, records);
  for (const record of records) {
    const fresh = byRank(hits.get(record.id)!, options.salt).filter((h) => {
      const sentence = unmark(h.sentence);
      return !testText.includes(sentence) && !judged.some((c) => c.includes(sentence));
    });
    const drawn = fresh.slice(0, options.perRecord);
    console.log(
      `${record.id}: ${hits.get(record.id)!.length} signals, ${fresh.length} in sentences outside the test corpus and both samples, ${drawn.length} drawn`,
    );
    for (const h of drawn) {
      const cells = {
        language: options.language,
        patternId: h.patternId,
        quote: h.quote,
        context: h.context,
        source: h.source,
        round: options.round,
        judge: '',
        verdict: '',
        note: '',
      };
      rows.push(COLUMNS.map((c) => cells[c].replace(/[\t\n]/g, ' ')).join('\t'));
    }
  }
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${rows.join('\n')}\n`);
  console.log(`${rows.length - 1} lines written to ${options.out}`);
}

main();
