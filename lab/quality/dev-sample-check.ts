// Which lines of the development sample (lab/data/precision-dev-sample.tsv) do the
// current lists still flag? Many lines were judged under older lists; this
// re-scans each line's context (the [[…]] marks removed) with its record,
// compiled from catalogue/signals/*.yaml, and counts a line as still flagged
// when a match overlaps the marked quote. Prints, per record, the lines still
// flagged (right and false by the line's verdict) and those no longer flagged.
//
//   npx tsx lab/quality/dev-sample-check.ts              German records
//   npx tsx lab/quality/dev-sample-check.ts en           English records
//   npx tsx lab/quality/dev-sample-check.ts de --list    also every line: still flagged or not, verdict, current quote
import { fileURLToPath } from 'node:url';
import { loadSignalRecords } from '../../test/support/catalogue-records';
import { readTable } from './sample';

const samplePath = fileURLToPath(new URL('../data/precision-dev-sample.tsv', import.meta.url));
// Arguments: an optional language (de or en) and --list; anything else stops the run, naming it.
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== 'de' && a !== 'en' && a !== '--list');
if (unknown.length > 0) {
  console.error(`unknown argument ${JSON.stringify(unknown[0])}: takes de or en (default de) and --list`);
  process.exit(2);
}
const language = args.includes('en') ? 'en' : 'de';
const list = args.includes('--list');
const records = new Map(
  loadSignalRecords()
    .filter((r) => r.language === language)
    .map((r) => [r.id, new RegExp(r.source, r.flags)]),
);
const rows = readTable(samplePath);
const summary = new Map<string, { right: number; wrong: number; goneRight: number; goneWrong: number }>();
for (const { language: lang = '', patternId: id = '', context = '', source = '', verdict = '' } of rows) {
  const regex = records.get(id);
  if (lang !== language || !regex) continue;
  const start = context.indexOf('[[');
  const end = context.indexOf(']]') - 2;
  const text = context.replace('[[', '').replace(']]', '');
  let quote = '';
  for (const m of text.matchAll(regex)) {
    if (m.index < end && m.index + m[0].length > start) {
      quote = m[0];
      break;
    }
  }
  const s = summary.get(id) ?? { right: 0, wrong: 0, goneRight: 0, goneWrong: 0 };
  const right = verdict === 'agree';
  if (quote) right ? s.right++ : s.wrong++;
  else right ? s.goneRight++ : s.goneWrong++;
  summary.set(id, s);
  if (list) console.log([quote ? 'flagged' : 'gone', verdict, id, quote.replace(/\s+/g, ' '), source].join('\t'));
}
console.log('| record | still flagged | right | false | share right | no longer flagged (right / false) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [id, s] of summary) {
  const n = s.right + s.wrong;
  const share = n === 0 ? '–' : `${((100 * s.right) / n).toFixed(1)} %`;
  console.log(`| ${id} | ${n} | ${s.right} | ${s.wrong} | ${share} | ${s.goneRight} / ${s.goneWrong} |`);
}
