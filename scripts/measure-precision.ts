// Measures the sixteen scanner records on real prose nobody here wrote:
// signals per 10,000 words per record, and the share of a hand-checked sample
// that a reviewer of the rule would want to look at (strict precision).
// Corpora: product copy by default (package.json descriptions and README
// opening paragraphs of node_modules; Debian's German package descriptions),
// or with --corpus docs the documentation corpora (whole npm READMEs; German
// Debian manuals and man pages).
//
//   npm run measure:precision                 print the table
//   npm run measure:precision -- --corpus docs   the documentation corpora (density only)
//   npm run measure:precision -- --sample     also redraw docs/precision-sample.tsv
//                                             (fixed seed; keeps verdicts already given)
//   npm run measure:precision -- --phrases    also print signals per phrase
//   npm run measure:precision -- --hits       also write every signal in context to
//                                             node_modules/.cache/writing-rules-corpus/hits.tsv
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledSignalRecord } from '../src/core/catalogue/compiled-types';
import { LANGUAGES, type Language } from '../src/core/catalogue/ids';
import { loadSignalRecords } from './bench/catalogue-records';
import { loadCorpus } from './corpus/load';
import { buildEnglishProductCopy, buildGermanProductCopy } from './corpus/product-copy';
import { countWords } from './corpus/prose';
import type { Corpus } from './corpus/types';
import { seededRandom } from './lib/seeded-random';

const root = fileURLToPath(new URL('..', import.meta.url));
const samplePath = `${root}docs/precision-sample.tsv`;
const SEED = 20261129;
const PER_RECORD = 20;
const MIN_PER_LANGUAGE = 30;
const SAMPLE_COLUMNS = ['language', 'patternId', 'quote', 'context', 'source', 'offset', 'verdict', 'note'] as const;

interface Hit {
  patternId: string;
  quote: string;
  context: string;
  source: string;
  offset: number;
}
type SampleRow = Record<(typeof SAMPLE_COLUMNS)[number], string>;

function loadRecords(language: Language): CompiledSignalRecord[] {
  return loadSignalRecords().filter((r) => r.language === language);
}

async function loadChosenCorpus(language: Language, kind: string): Promise<Corpus> {
  if (kind === 'docs') return loadCorpus(language, root);
  return language === 'en' ? buildEnglishProductCopy(root) : buildGermanProductCopy();
}

/** The sentence around a match, at most ~140 units each side, the quote in [[ ]]. */
function contextOf(text: string, start: number, end: number): string {
  const para = Math.max(0, text.lastIndexOf('\n\n', start) + 2);
  const paraEndAt = text.indexOf('\n\n', end);
  const paraEnd = paraEndAt < 0 ? text.length : paraEndAt;
  let from = start;
  while (from > para && start - from < 140 && !/[.!?]\s$/.test(text.slice(from - 2, from))) from--;
  let to = end;
  while (to < paraEnd && to - end < 140 && !/[.!?]/.test(text[to - 1] ?? '')) to++;
  const pre = from > para && start - from >= 140 ? '…' : '';
  const post = to < paraEnd && to - end >= 140 ? '…' : '';
  return `${pre}${text.slice(from, start)}[[${text.slice(start, end)}]]${text.slice(end, to)}${post}`.replace(/\s+/g, ' ').trim();
}

function scan(corpus: Corpus, records: readonly CompiledSignalRecord[]): Map<string, Hit[]> {
  const hits = new Map<string, Hit[]>(records.map((r) => [r.id, []]));
  for (const record of records) {
    const regex = new RegExp(record.source, record.flags);
    for (const doc of corpus.documents) {
      for (const m of doc.text.matchAll(regex)) {
        const start = m.index;
        hits.get(record.id)!.push({
          patternId: record.id,
          quote: m[0],
          context: contextOf(doc.text, start, start + m[0].length),
          source: doc.source.replace(/^node_modules\//, ''),
          offset: start,
        });
      }
    }
  }
  return hits;
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A 32-bit FNV-1a hash: a seed of its own for each record. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * Up to PER_RECORD hits per record, topped up to MIN_PER_LANGUAGE from the rest.
 * Each record draws from a generator seeded by its ID, so changing one
 * record's phrases redraws that record's sample only and keeps the verdicts
 * already given for the others.
 */
function drawSample(language: Language, hits: Map<string, Hit[]>): Hit[] {
  const rest: Hit[] = [];
  const picked: Hit[] = [];
  for (const [recordId, list] of hits) {
    const order = shuffled(list, seededRandom(SEED ^ hashOf(recordId)));
    picked.push(...order.slice(0, PER_RECORD));
    rest.push(...order.slice(PER_RECORD));
  }
  const next = seededRandom(SEED + (language === 'de' ? 1 : 0));
  picked.push(...shuffled(rest, next).slice(0, Math.max(0, MIN_PER_LANGUAGE - picked.length)));
  return picked;
}

const rowKey = (r: Pick<SampleRow, 'language' | 'patternId' | 'source' | 'offset'>) =>
  `${r.language}|${r.patternId}|${r.source}|${r.offset}`;

function readSample(): SampleRow[] {
  if (!existsSync(samplePath)) return [];
  const [header, ...lines] = readFileSync(samplePath, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const names = header!.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(SAMPLE_COLUMNS.map((c) => [c, cells[names.indexOf(c)] ?? ''])) as SampleRow;
  });
}

function writeSample(rows: SampleRow[], path: string): void {
  const clean = (s: string) => s.replace(/[\t\n]/g, ' ');
  const body = rows.map((r) => SAMPLE_COLUMNS.map((c) => clean(r[c])).join('\t'));
  mkdirSync(dirname(path), { recursive: true }); // the cache directory does not exist in a fresh checkout
  writeFileSync(path, `${[SAMPLE_COLUMNS.join('\t'), ...body].join('\n')}\n`);
}

// One decimal: a share just under a target (84.6 %) must not print as the target.
const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  const kind = argv.includes('--corpus') ? (argv[argv.indexOf('--corpus') + 1] ?? 'product') : 'product';
  const previous = new Map(readSample().map((r) => [rowKey(r), r]));
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
    const hits = scan(corpus, records);
    lines.push('', `## ${language}: ${corpus.documents.length} documents, ${words} words, ${text.length} UTF-16 units`);
    for (const p of corpus.provenance) lines.push(`- ${p}`);
    lines.push('', '| record | forms | signals | per 10k words | sample | agreed | share |', '|---|---:|---:|---:|---:|---:|---:|');
    const judged = readSample().filter((r) => r.language === language && /^(agree|disagree)$/.test(r.verdict));
    const current = new Set([...hits.values()].flat().map((h) => rowKey({ ...h, language, offset: String(h.offset) })));
    let total = 0;
    let totalN = 0;
    let totalAgreed = 0;
    for (const record of records) {
      const list = hits.get(record.id)!;
      const rows = judged.filter((r) => r.patternId === record.id && current.has(rowKey(r)));
      const agreed = rows.filter((r) => r.verdict === 'agree').length;
      total += list.length;
      totalN += rows.length;
      totalAgreed += agreed;
      lines.push(
        `| ${record.id} | ${record.phrases.length + (record.pairs ?? []).length} | ${list.length} | ${((list.length * 10000) / words).toFixed(2)} | ${rows.length} | ${agreed} | ${pct(agreed, rows.length)} |`,
      );
      if (args.has('--phrases')) {
        const counts = new Map<string, number>();
        for (const h of list) counts.set(h.quote.toLowerCase(), (counts.get(h.quote.toLowerCase()) ?? 0) + 1);
        const top = [...counts].sort((a, b) => b[1] - a[1]).map(([q, n]) => `${q} ${n}`);
        if (top.length > 0) lines.push(`|   ↳ ${top.join(', ')} |`);
      }
    }
    lines.push(
      `| all ${language} | | ${total} | ${((total * 10000) / words).toFixed(2)} | ${totalN} | ${totalAgreed} | ${pct(totalAgreed, totalN)} |`,
    );
    for (const h of [...hits.values()].flat()) all.push({ language, ...h, offset: String(h.offset), verdict: '', note: '' });
    if (args.has('--sample')) {
      for (const h of drawSample(language, hits)) {
        const row: SampleRow = { language, ...h, offset: String(h.offset), verdict: '', note: '' };
        const old = previous.get(rowKey(row));
        sample.push(old ? { ...row, verdict: old.verdict, note: old.note } : row);
      }
    }
  }
  if (args.has('--hits')) {
    const hitsPath = `${root}node_modules/.cache/writing-rules-corpus/hits.tsv`;
    writeSample(all, hitsPath);
    lines.push('', `Every signal in context: ${hitsPath}`);
  }
  if (args.has('--sample')) {
    writeSample(sample, samplePath);
    lines.push('', `Sample redrawn (seed ${SEED}): ${sample.length} rows in docs/precision-sample.tsv, ${sample.filter((r) => !r.verdict).length} without a verdict.`);
  }
  console.log(lines.join('\n'));
}

await main();
