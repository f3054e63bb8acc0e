// Measures the sixteen scanner records on real prose nobody here wrote:
// signals per 10,000 words per record, and the share of a hand-checked sample
// that a reviewer of the rule would want to look at (strict precision).
// Corpora: product copy by default (package.json descriptions and README
// opening paragraphs of node_modules; Debian's English and German package
// descriptions),
// or with --corpus docs the documentation corpora (whole npm READMEs; German
// Debian manuals and man pages).
//
//   npm run measure:precision                 print the table
//   npm run measure:precision -- --corpus docs   the documentation corpora (density only)
//   npm run measure:precision -- --lines 30      count only the judged lines among each record's 30 best-ranked signals
//   npm run measure:precision -- --apart-from-development
//                                             leave out lines whose sentence also stands in a line of
//                                             lab/data/precision-dev-sample.tsv (text the list makers saw)
//   npm run measure:precision -- --sample     also write the POOL best-ranked signals per record
//                                             to lab/data/precision-sample.tsv (keeps verdicts given)
//   npm run measure:precision -- --phrases    also print signals per phrase
//   npm run measure:precision -- --pruning-ceiling [--min-judged 3]
//                                             also print how far dropping whole forms could raise the
//                                             share, fitted to the judged lines (an upper bound; see
//                                             lab/quality/pruning-ceiling.ts)
//   npm run measure:precision -- --hits       also write every signal in context to
//                                             node_modules/.cache/writing-rules-corpus/hits.tsv
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, type Language, PROFILE_IDS, type ProfileId, type RuleId } from '../../src/core/catalogue/ids';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { loadSignalRecords } from '../../test/support/catalogue-records';
import { profilesOf } from '../../scripts/catalogue/build';
import { loadCatalogue } from '../../scripts/catalogue/load';
import { ProblemList } from '../../scripts/catalogue/problems';
import { loadCorpus } from '../corpus/load';
import { type FormCount, formKey, formOf, pruningCeiling } from './pruning-ceiling';
import { buildEnglishProductCopy, buildGermanProductCopy } from '../corpus/product-copy';
import { countWords } from '../../test/support/corpus/prose';
import { byRank, margin95, plainContext, readTable, seenInDevelopment } from './sample';
import { type CorpusSignal, signalsPerRecord } from '../corpus/signals';
import type { Corpus } from '../../test/support/corpus/types';
import { readLabelledSet } from './labelled-set';

/** Names the sample in lab/data/precision-sample.tsv: a new salt draws a new, unrelated sample. */
const SAMPLE_SALT = 'sample-2026-11-30';
const root = fileURLToPath(new URL('../..', import.meta.url));
const samplePath = `${root}lab/data/precision-sample.tsv`;
const developmentPath = `${root}lab/data/precision-dev-sample.tsv`;
const rejudgedPath = `${root}lab/data/precision-rejudged.tsv`;
/** Lines per record that the table counts… */
const PER_RECORD = 120;
/** …and lines per record that --sample writes out for judging, so that removed signals are replaced by judged ones. */
const POOL = 130;
const SAMPLE_COLUMNS = ['language', 'patternId', 'quote', 'context', 'source', 'offset', 'verdict', 'note'] as const;

type SampleRow = Record<(typeof SAMPLE_COLUMNS)[number], string>;

function loadRecords(language: Language): CompiledSignalRecord[] {
  return loadSignalRecords().filter((r) => r.language === language);
}

async function loadChosenCorpus(language: Language, kind: string): Promise<Corpus> {
  if (kind === 'docs') return loadCorpus(language, root);
  return language === 'en' ? buildEnglishProductCopy(root) : buildGermanProductCopy();
}

// The quote is part of a line's identity: after a list change the match at
// the same offset can span other words, and the verdict given to the old span
// must not pass to it. Tabs and line breaks are stored as spaces.
const rowKey = (r: Pick<SampleRow, 'language' | 'patternId' | 'source' | 'offset' | 'quote'>) =>
  `${r.language}|${r.patternId}|${r.source}|${r.offset}|${r.quote.replace(/[\t\n]/g, ' ')}`;

function readSample(): SampleRow[] {
  if (!existsSync(samplePath)) return [];
  return readTable(samplePath).map((row) => Object.fromEntries(SAMPLE_COLUMNS.map((c) => [c, row[c] ?? ''])) as SampleRow);
}

/** The development lines' contexts as plain text, one per line, for seenInDevelopment. */
const readDevelopmentText = () =>
  readTable(developmentPath)
    .map((row) => plainContext(row.context ?? ''))
    .join('\n');

/** The sample lines judged three times (lab/data/precision-rejudged.tsv), by rowKey. */
const readRejudgedKeys = () =>
  new Set(
    existsSync(rejudgedPath)
      ? readTable(rejudgedPath).map((r) => rowKey(r as Pick<SampleRow, 'language' | 'patternId' | 'source' | 'offset' | 'quote'>))
      : [],
  );

function writeSample(rows: SampleRow[], path: string): void {
  const clean = (s: string) => s.replace(/[\t\n]/g, ' ');
  const body = rows.map((r) => SAMPLE_COLUMNS.map((c) => clean(r[c])).join('\t'));
  mkdirSync(dirname(path), { recursive: true }); // the cache directory does not exist in a fresh checkout
  writeFileSync(path, `${[SAMPLE_COLUMNS.join('\t'), ...body].join('\n')}\n`);
}

// One decimal: a share just under a target (84.6 %) must not print as the target.
const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

// A record none of whose lines is judged is outside the weighted share; say how many signals that leaves out.
const uncovered = (signals: number) => (signals === 0 ? '' : `; ${signals} signals of records with no judged line are not covered`);

const rangeText = (margin: number) =>
  Number.isNaN(margin)
    ? '(no 95 % range: a record has one judged line of several)'
    : margin === 0
      ? '(every signal judged: no sampling range)'
      : `± ${(100 * margin).toFixed(1)} points (95 % range)`;

interface RecordCount {
  ruleId: RuleId;
  signals: number;
  judged: number;
  agreed: number;
}

/** The share of the records' signals a reviewer would want to look at: each judged record's share weighted by its signals, with its 95 % range. */
function weightedText(counts: readonly RecordCount[]): string {
  const strata = counts.filter((c) => c.judged > 0);
  const signals = strata.reduce((sum, c) => sum + c.signals, 0);
  const all = counts.reduce((sum, c) => sum + c.signals, 0);
  if (signals === 0) return `no line judged${uncovered(all)}`;
  const agreed = strata.reduce((sum, c) => sum + (c.signals * c.agreed) / c.judged, 0);
  return `${pct(agreed, signals)} ${rangeText(margin95(strata))}${uncovered(all - signals)}`;
}

/**
 * The same share for the records a user sees with each profile: a profile
 * runs only the rules in its scope, so its precision is that of its records.
 */
function profileLines(counts: readonly RecordCount[], profiles: Record<ProfileId, readonly string[]>): string[] {
  return PROFILE_IDS.map((profile) => {
    const records = counts.filter((c) => profiles[profile].includes(c.ruleId));
    if (records.length === 0) return `- profile ${profile}: no scanner record`;
    const signals = records.reduce((sum, c) => sum + c.signals, 0);
    return `- profile ${profile} (${[...new Set(records.map((c) => c.ruleId))].join(', ')}; ${signals} signals): ${weightedText(records)}`;
  });
}

/** Each form of a record: its signals on the corpus, and its counted lines judged and found right. */
function formCounts(record: string, list: readonly CorpusSignal[], judged: readonly SampleRow[]): FormCount[] {
  const byForm = new Map<string, { signals: number; judged: number; agreed: number }>();
  const entry = (quote: string) => {
    const form = formOf(quote);
    const count = byForm.get(form) ?? { signals: 0, judged: 0, agreed: 0 };
    byForm.set(form, count);
    return count;
  };
  for (const h of list) entry(h.quote).signals++;
  for (const r of judged) {
    const count = entry(r.quote);
    count.judged++;
    if (r.verdict === 'agree') count.agreed++;
  }
  return [...byForm].map(([form, count]) => ({ record, form, ...count }));
}

/** Share of the labelled set's cues the lists still find; a cue counts as found while one form overlapping it stays. */
const RECALL_FLOOR = 0.95;

/**
 * The pruning ceiling of one language: the labelled set's cues are scanned
 * once, each cue keeping the forms of its rule's signals that overlap it.
 */
function ceilingLines(
  language: Language,
  forms: readonly FormCount[],
  records: readonly CompiledSignalRecord[],
  minJudged: number,
): string[] {
  const scan = createSignalScanner(records);
  const set = readLabelledSet(`${root}lab/data/labelled-set.${language}.yaml`);
  const cueForms = Object.entries(set).flatMap(([ruleId, entry]) =>
    (entry?.cues ?? []).map(({ text, cue }) => {
      const start = text.indexOf(cue);
      const end = start + cue.length;
      return scan({ text, language, ruleIds: [ruleId as RuleId] })
        .filter((s) => s.start < end && s.end > start)
        .map((s) => formKey(`${ruleId}.${language}`, formOf(s.quote)));
    }),
  );
  const recallWithout = (dropped: ReadonlySet<string>) =>
    cueForms.filter((keys) => keys.some((k) => !dropped.has(k))).length / cueForms.length;
  const { start, steps } = pruningCeiling(forms, recallWithout, { minJudged, minRecall: RECALL_FLOOR });
  const last = steps.at(-1) ?? start;
  const share = (p: number) => `${(100 * p).toFixed(1)} %`;
  return [
    `Pruning ceiling, fitted to the judged lines (forms judged on at least ${minJudged} counted lines; the labelled set keeps at least ${share(RECALL_FLOOR)} recall): ${share(start.precision)} → ${share(last.precision)} after dropping ${steps.length} forms (${start.signals} → ${last.signals} signals; recall ${share(start.recall)} → ${share(last.recall)}).`,
    ...steps.map(
      (s) =>
        `- drop ${s.dropped.record} "${s.dropped.form}" (${s.dropped.signals} signals, ${s.dropped.agreed} of ${s.dropped.judged} judged lines right): ${share(s.precision)}, recall ${share(s.recall)}`,
    ),
  ];
}

/** The command line, checked whole: an unknown flag or a bad value stops the run with a message naming it. */
interface Options {
  corpus: 'product' | 'docs';
  lines: number;
  apartFromDevelopment: boolean;
  sample: boolean;
  phrases: boolean;
  hits: boolean;
  pruningCeiling: boolean;
  minJudged: number;
}

function readOptions(argv: string[]): Options {
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  let values: Record<string, string | boolean | undefined> = {};
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        corpus: { type: 'string', default: 'product' },
        lines: { type: 'string', default: String(PER_RECORD) },
        'apart-from-development': { type: 'boolean', default: false },
        sample: { type: 'boolean', default: false },
        phrases: { type: 'boolean', default: false },
        hits: { type: 'boolean', default: false },
        'pruning-ceiling': { type: 'boolean', default: false },
        'min-judged': { type: 'string', default: '3' },
      },
    }));
  } catch (error) {
    fail(
      `${(error as Error).message} (flags: --corpus product|docs, --lines N, --apart-from-development, --sample, --phrases, --hits, --pruning-ceiling, --min-judged N)`,
    );
  }
  const corpus = values.corpus as string;
  if (corpus !== 'product' && corpus !== 'docs') fail(`--corpus takes product or docs, not ${JSON.stringify(corpus)}`);
  const lines = Number(values.lines);
  if (!/^\d+$/.test(values.lines as string) || lines < 1 || lines > PER_RECORD) {
    fail(`--lines takes a whole number of judged lines per record from 1 to ${PER_RECORD}, not ${JSON.stringify(values.lines)}`);
  }
  if (corpus === 'docs' && values.sample === true)
    fail('--sample draws the hand-checked sample from product copy; run it without --corpus docs');
  if (corpus === 'docs' && values['apart-from-development'] === true)
    fail('--apart-from-development counts judged lines of product copy; run it without --corpus docs');
  if (corpus === 'docs' && values['pruning-ceiling'] === true)
    fail('--pruning-ceiling counts judged lines of product copy; run it without --corpus docs');
  const minJudged = Number(values['min-judged']);
  if (!/^\d+$/.test(values['min-judged'] as string) || minJudged < 1 || minJudged > PER_RECORD) {
    fail(`--min-judged takes a whole number of judged lines per form from 1 to ${PER_RECORD}, not ${JSON.stringify(values['min-judged'])}`);
  }
  return {
    corpus: corpus as 'product' | 'docs',
    lines,
    apartFromDevelopment: values['apart-from-development'] === true,
    sample: values.sample === true,
    phrases: values.phrases === true,
    hits: values.hits === true,
    pruningCeiling: values['pruning-ceiling'] === true,
    minJudged,
  };
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const kind = options.corpus;
  const perRecord = options.lines;
  const previous = new Map(readSample().map((r) => [rowKey(r), r]));
  const developmentText = options.apartFromDevelopment ? readDevelopmentText() : '';
  const rejudged = readRejudgedKeys();
  // From the rules' scope in catalogue/rules/, like the build (the script runs without a build).
  const profiles = profilesOf(loadCatalogue(root, new ProblemList()).rules.map((r) => r.data));
  const sample: SampleRow[] = [];
  const all: SampleRow[] = [];
  const lines: string[] = [];
  for (const language of LANGUAGES) {
    let corpus: Corpus;
    try {
      corpus = await loadChosenCorpus(language, kind);
    } catch (error) {
      console.log(`\n${language}: skipped — ${(error as Error).message}`);
      continue;
    }
    const text = corpus.documents.map((d) => d.text).join('\n\n');
    const words = countWords(text);
    const records = loadRecords(language);
    const hits = signalsPerRecord(corpus, records);
    lines.push('', `## ${language}: ${corpus.documents.length} documents, ${words} words, ${text.length} UTF-16 units`);
    for (const p of corpus.provenance) lines.push(`- ${p}`);
    lines.push(
      '',
      '| record | forms | signals | per 10k words | judged | agreed | share | awaiting a verdict |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    // The sample is drawn from product copy: the documentation corpora get density only.
    const verdictOf = (h: CorpusSignal) =>
      kind === 'docs' ? undefined : previous.get(rowKey({ ...h, language, offset: String(h.offset) }));
    const totals = { signals: 0, judged: 0, agreed: 0 };
    let leftOut = 0;
    let judgedThrice = 0;
    const counts: RecordCount[] = [];
    const forms: FormCount[] = [];
    for (const record of records) {
      const list = hits.get(record.id)!;
      const ranked = byRank(list, SAMPLE_SALT);
      const best = ranked.slice(0, perRecord).map(verdictOf);
      const counted = options.apartFromDevelopment ? best.filter((r) => !(r && seenInDevelopment(r.context, developmentText))) : best;
      leftOut += best.length - counted.length;
      const judged = counted.filter((r) => r && /^(agree|disagree)$/.test(r.verdict));
      const agreed = judged.filter((r) => r!.verdict === 'agree').length;
      judgedThrice += judged.filter((r) => rejudged.has(rowKey(r!))).length;
      totals.signals += list.length;
      totals.judged += judged.length;
      totals.agreed += agreed;
      counts.push({ ruleId: record.ruleId, signals: list.length, judged: judged.length, agreed });
      if (options.pruningCeiling) forms.push(...formCounts(record.id, list, judged as SampleRow[]));
      const share = judged.length >= Math.min(20, perRecord) ? pct(agreed, judged.length) : '–';
      lines.push(
        `| ${record.id} | ${record.phrases.length + (record.pairs ?? []).length} | ${list.length} | ${((list.length * 10000) / words).toFixed(2)} | ${judged.length} | ${agreed} | ${share} | ${counted.length - judged.length} |`,
      );
      if (options.phrases) {
        const counts = new Map<string, number>();
        for (const h of list) counts.set(h.quote.toLowerCase(), (counts.get(h.quote.toLowerCase()) ?? 0) + 1);
        const top = [...counts].sort((a, b) => b[1] - a[1]).map(([q, n]) => `${q} ${n}`);
        if (top.length > 0) lines.push(`|   ↳ ${top.join(', ')} |`);
      }
      if (options.sample) {
        const pool = ranked.slice(0, POOL).map((h) => {
          const row: SampleRow = { language, ...h, offset: String(h.offset), verdict: '', note: '' };
          const old = previous.get(rowKey(row));
          return old ? { ...row, verdict: old.verdict, note: old.note } : row;
        });
        const inPool = new Set(pool.map(rowKey));
        // Verdicts for signals that are gone or ranked out stay, so that a change can be undone.
        const kept = [...previous.values()].filter(
          (r) => r.language === language && r.patternId === record.id && r.verdict && !inPool.has(rowKey(r)),
        );
        sample.push(...pool, ...kept);
      }
    }
    lines.push(
      `| all ${language} | | ${totals.signals} | ${((totals.signals * 10000) / words).toFixed(2)} | ${totals.judged} | ${totals.agreed} | ${pct(totals.agreed, totals.judged)} | |`,
      '',
      `Weighted by each judged record's signals (the share of all ${language} signals a reviewer would want to look at): ${weightedText(counts)}.`,
      ...(kind === 'docs'
        ? []
        : [
            `Judged three times, the majority counted (lab/data/precision-rejudged.tsv): ${judgedThrice} of the ${totals.judged} judged lines counted.`,
            '',
            ...profileLines(counts, profiles),
          ]),
      ...(options.apartFromDevelopment
        ? ['', `Left out: ${leftOut} of the counted lines, whose sentence also stands in a line of lab/data/precision-dev-sample.tsv.`]
        : []),
    );
    if (options.pruningCeiling) lines.push('', ...ceilingLines(language, forms, records, options.minJudged));
    for (const h of [...hits.values()].flat()) all.push({ language, ...h, offset: String(h.offset), verdict: '', note: '' });
  }
  if (options.hits) {
    const hitsPath = `${root}node_modules/.cache/writing-rules-corpus/hits.tsv`;
    writeSample(all, hitsPath);
    lines.push('', `Every signal in context: ${hitsPath}`);
  }
  if (options.sample) {
    // A language skipped (its corpus missing) or a record renamed keeps its verdicts too.
    const written = new Set(sample.map(rowKey));
    sample.push(...[...previous.values()].filter((r) => r.verdict && !written.has(rowKey(r))));
    writeSample(sample, samplePath);
    lines.push(
      '',
      `Sample written (salt ${SAMPLE_SALT}): ${sample.length} rows in lab/data/precision-sample.tsv, ${sample.filter((r) => !r.verdict).length} without a verdict.`,
    );
  }
  console.log(lines.join('\n'));
}

await main();
