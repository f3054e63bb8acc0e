// The precision measurement's own parts: how Debian's description indexes
// become corpus documents, which signals the hand-checked sample holds, and
// the text a judge sees around each.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readAppstreamDescriptions } from '../corpus/appstream';
import { parseDescriptions } from '../corpus/product-copy';
import {
  byRank,
  contextOf,
  flaggedSentence,
  margin95,
  type PlacedSignal,
  plainContext,
  rankOf,
  readTable,
  seenInDevelopment,
} from '../quality/sample';

const INDEX = [
  'Package: alpha',
  'Description-md5: 0123',
  'Description-en: Fast tool for sorting',
  ' Alpha sorts large files',
  ' on disk.',
  ' .',
  ' This package contains the binaries.',
  '',
  'Package: alpha-doc',
  'Description-md5: 4567',
  'Description-en: Fast tool for sorting (documentation)',
  ' Alpha sorts large files',
  ' on disk.',
  '',
  'Package: beta',
  'Description-md5: 89ab',
  'Description-de: Werkzeug zum Sortieren',
  ' Beta sortiert große Dateien.',
].join('\n');

describe("Debian's description indexes", () => {
  it('reads the short and each long paragraph of a package, joining its lines', () => {
    const [alpha] = parseDescriptions(INDEX, 'en', new Set());
    expect(alpha).toEqual({
      source: 'Translation-en:alpha',
      text: 'Fast tool for sorting\n\nAlpha sorts large files on disk.\n\nThis package contains the binaries.',
    });
  });

  it('keeps a paragraph once across packages, so a shared description is one piece of writing', () => {
    const documents = parseDescriptions(INDEX, 'en', new Set());
    expect(documents.map((d) => d.source)).toEqual(['Translation-en:alpha', 'Translation-en:alpha-doc']);
    expect(documents[1]!.text).toBe('Fast tool for sorting (documentation)');
  });

  it('reads only the field of the language asked for', () => {
    expect(parseDescriptions(INDEX, 'de', new Set())).toEqual([
      { source: 'Translation-de:beta', text: 'Werkzeug zum Sortieren\n\nBeta sortiert große Dateien.' },
    ]);
  });
});

// Two components of a DEP-11 file as Debian publishes it: a folded scalar and
// a double-quoted one with escapes and line folding, markup and entities.
const DEP11 = [
  '---',
  'File: DEP-11',
  "Version: '1.0'",
  '---',
  'Type: desktop-application',
  'ID: org.example.Alpha',
  'Package: alpha',
  'Name:',
  '  C: Alpha',
  'Description:',
  '  C: <p>Alpha sorts files.</p>',
  '  de: >-',
  '    <p>Alpha sortiert Dateien &amp; Ordner.</p><p>Es bietet:</p><ul><li>schnelle Suche',
  '    in Dateien</li><li>Filter nach Datum</li></ul>',
  'Categories:',
  '- Utility',
  '---',
  'Type: desktop-application',
  'ID: org.example.Beta',
  'Package: beta',
  'Description:',
  String.raw`  de: "<p>\n   Beta zeigt Bilder`,
  String.raw`    \ und Fotos an.\n  </p>"`,
  '  fr: <p>Beta affiche des images.</p>',
  '---',
  'Type: desktop-application',
  'ID: org.example.Gamma',
  'Package: gamma',
  'Description:',
  '  C: <p>Only in English here.</p>',
].join('\n');

describe("Debian's AppStream application descriptions", () => {
  const file = join(mkdtempSync(join(tmpdir(), 'dep11-')), 'Components-amd64.yml.gz');
  writeFileSync(file, gzipSync(DEP11));

  it('reads each component description in the language asked for, as paragraphs of plain text', () => {
    const { documents, provenance } = readAppstreamDescriptions(file, 'de', new Set());
    expect(documents).toEqual([
      { source: 'appstream:alpha', text: 'Alpha sortiert Dateien & Ordner.\n\nschnelle Suche in Dateien\n\nFilter nach Datum' },
      { source: 'appstream:beta', text: 'Beta zeigt Bilder und Fotos an.' },
    ]);
    expect(provenance).toBe('Components-amd64.yml.gz: 3 components, 2 with new de text');
  });

  it("reads English from AppStream's untranslated C text", () => {
    expect(readAppstreamDescriptions(file, 'en', new Set()).documents).toEqual([
      { source: 'appstream:alpha', text: 'Alpha sorts files.' },
      { source: 'appstream:gamma', text: 'Only in English here.' },
    ]);
  });

  it('drops a paragraph already seen in another source', () => {
    const seen = new Set(['beta zeigt bilder und fotos an.']);
    expect(readAppstreamDescriptions(file, 'de', seen).documents.map((d) => d.source)).toEqual(['appstream:alpha']);
  });
});

describe('the sample: best-ranked signals per record', () => {
  const signals: PlacedSignal[] = Array.from({ length: 50 }, (_, i) => ({
    patternId: 'claims-evidence.en',
    source: `Translation-en:package-${i % 7}`,
    offset: i * 13,
  }));

  it('ranks by a salted hash of where a signal stands, pinned so a committed sample keeps its lines', () => {
    // A change to the hash or the key would silently move lab/data/precision-sample.tsv off its ranks.
    expect(rankOf({ patternId: 'claims-evidence.de', source: 'Translation-de:faad', offset: 42 }, 'sample-2026-11-30')).toBe(1147950676);
  });

  it('keeps every other signal in its place when a list change removes some', () => {
    const before = byRank(signals, 'salt').slice(0, 30);
    const removed = new Set([before[3], before[10], before[17]]);
    const after = byRank(
      signals.filter((s) => !removed.has(s)),
      'salt',
    ).slice(0, 30);
    expect(after.slice(0, 27)).toEqual(before.filter((s) => !removed.has(s)));
  });

  it('draws an unrelated sample under a new salt', () => {
    const first = byRank(signals, 'one').slice(0, 10);
    const second = byRank(signals, 'two').slice(0, 10);
    expect(second).not.toEqual(first);
  });
});

describe('the context a judge sees', () => {
  const text = 'Alpha is small. It sorts files fast. It needs no setup.\n\nA second paragraph.';
  const at = text.indexOf('fast');

  it('shows the sentence with the quote marked, and the sentence before it', () => {
    expect(contextOf(text, at, at + 4)).toBe('Alpha is small. It sorts files [[fast]].');
    expect(contextOf(text, at, at + 4, 0)).toBe('It sorts files [[fast]].');
  });

  it('starts at the first character of a document', () => {
    expect(contextOf(text, 0, 5, 0)).toBe('[[Alpha]] is small.');
  });
});

describe('a sample line whose sentence the list makers saw in a development line', () => {
  const development = [
    'Beta is a library for parsing logs. It offers [[unparalleled]] speed on large files.',
    'Gamma sorts files. [[Note that]] Gamma reads only UTF-8 input files.',
  ]
    .map(plainContext)
    .join('\n');

  it('is the flagged sentence, without the one before, brackets, its closing mark or a cut mark', () => {
    expect(flaggedSentence('Alpha is small. It sorts files [[blazingly]] fast on disk. It needs nothing.')).toBe(
      'It sorts files blazingly fast on disk',
    );
    expect(flaggedSentence('…d a cut start: it sorts files [[blazingly]] fast on any disk…')).toBe(
      'd a cut start: it sorts files blazingly fast on any disk',
    );
  });

  it('is found where the development line holds it, as its own sentence or as the sentence before', () => {
    // Another span of the same sentence, for another record.
    expect(seenInDevelopment('It offers unparalleled [[speed on large files]].', development)).toBe(true);
    expect(seenInDevelopment('[[Gamma sorts]] files.', development)).toBe(false); // too short to tell lines apart
    expect(seenInDevelopment('Gamma is new. [[Note that]] Gamma reads only UTF-8 input files.', development)).toBe(true);
    expect(seenInDevelopment('[[Note that]] Gamma reads only UTF-16 input files.', development)).toBe(false);
  });
});

describe('the 95 % range of a language share', () => {
  it('adds no doubt for a record judged whole, and gives none for a record with one judged line of several', () => {
    expect(margin95([{ signals: 18, judged: 18, agreed: 14 }])).toBe(0);
    expect(
      margin95([
        { signals: 400, judged: 30, agreed: 15 },
        { signals: 50, judged: 1, agreed: 1 },
      ]),
    ).toBeNaN();
  });

  it('weighs each record by its signals and shrinks as more of it is judged', () => {
    // One record of 400 signals, 30 judged, 15 agreed: 1.96 · √(0.25 / 29 · 370 / 400) = 0.1752.
    const one = margin95([{ signals: 400, judged: 30, agreed: 15 }]);
    expect(one).toBeCloseTo(0.1752, 3);
    expect(margin95([{ signals: 400, judged: 60, agreed: 30 }])).toBeLessThan(one);
    // Beside a record of 1,200 signals judged whole, the same record carries a quarter of the weight.
    expect(
      margin95([
        { signals: 400, judged: 30, agreed: 15 },
        { signals: 1200, judged: 1200, agreed: 600 },
      ]),
    ).toBeCloseTo(one / 4, 6);
  });
});

describe('npm run measure:precision, given bad flags', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'lab/quality/measure-precision.ts', ...args], { cwd: root, encoding: 'utf8' });

  it.each([
    [['--lines', 'abc'], '--lines takes a whole number of judged lines per record from 1 to 120, not "abc"'],
    [['--lines', '121'], 'from 1 to 120, not "121"'],
    [['--corpus', 'web'], '--corpus takes product or docs, not "web"'],
    [['--phrase'], "Unknown option '--phrase'"],
    [['--corpus', 'docs', '--sample'], '--sample draws the hand-checked sample from product copy'],
    [['--corpus', 'docs', '--apart-from-development'], '--apart-from-development counts judged lines of product copy'],
    [['--corpus', 'docs', '--pruning-ceiling'], '--pruning-ceiling counts judged lines of product copy'],
    [['--pruning-ceiling', '--min-judged', '0'], '--min-judged takes a whole number of judged lines per form from 1 to 120, not "0"'],
  ])('%j stops before reading any corpus, naming the flag', (args, message) => {
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});

// Lines judged three times (lab/data/precision-rejudged.tsv) count by the majority
// of the three verdicts; the sample, which the measurement reads, must say so.
describe('the lines judged three times', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const table = (file: string) => readTable(join(root, 'lab', 'data', file));
  const key = (r: Record<string, string>) => [r.language, r.patternId, r.source, r.offset, r.quote].join('|');
  const rejudged = table('precision-rejudged.tsv');
  const sample = new Map(table('precision-sample.tsv').map((r) => [key(r), r]));

  it('hold three verdicts each, and count the one at least two judges gave', () => {
    expect(rejudged.length).toBeGreaterThan(0);
    for (const r of rejudged) {
      const verdicts = [r.first, r.second, r.third];
      for (const v of verdicts) expect(['agree', 'disagree']).toContain(v);
      expect(r.counted).toBe(verdicts.filter((v) => v === 'agree').length >= 2 ? 'agree' : 'disagree');
    }
  });

  it('stand in the sample with the counted verdict', () => {
    for (const r of rejudged) expect(sample.get(key(r))?.verdict, key(r)).toBe(r.counted);
  });
});
