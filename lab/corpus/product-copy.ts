// The product-copy corpora: short texts written to sell or introduce a
// package, the kind of prose the scanner exists for.
// - English: the `description` of every package.json under node_modules/ and
//   the opening paragraph of every README.md there (the first paragraph of
//   prose after the title).
//   Then Debian's English package descriptions (apt's Translation-en index,
//   short and long description of every package).
// - German: the German package descriptions of Debian (apt's Translation-de
//   index). Both are deterministic for one node_modules tree and one apt index.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { markdownToProse, newParagraphs } from '../../test/support/corpus/prose';
import type { Corpus, CorpusDocument } from '../../test/support/corpus/types';

function walk(dir: string, names: ReadonlySet<string>, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, names, out);
    else if (entry.isFile() && names.has(entry.name.toLowerCase())) out.push(path);
  }
}

/** The first paragraph of prose of a README: at least 8 words, ending a sentence. */
function openingParagraph(markdown: string): string | undefined {
  return markdownToProse(markdown)
    .split(/\n{2,}/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .find((p) => p.split(' ').length >= 8 && /[.!?:]$/.test(p));
}

/** package.json descriptions and README opening paragraphs under `<root>/node_modules`. */
function readNodeModulesCopy(root: string): { documents: CorpusDocument[]; provenance: string[]; seen: Set<string> } {
  const files: string[] = [];
  walk(join(root, 'node_modules'), new Set(['package.json', 'readme.md']), files);
  files.sort();
  const seen = new Set<string>();
  const documents: CorpusDocument[] = [];
  let descriptions = 0;
  let openings = 0;
  for (const file of files) {
    let text: string | undefined;
    const isManifest = file.endsWith('package.json');
    try {
      text = isManifest
        ? (JSON.parse(readFileSync(file, 'utf8')) as { description?: unknown }).description?.toString()
        : openingParagraph(readFileSync(file, 'utf8'));
    } catch {
      continue; // test fixtures and templates that are not JSON
    }
    const [paragraph] = newParagraphs(text ?? '', seen);
    if (!paragraph) continue;
    if (isManifest) descriptions++;
    else openings++;
    documents.push({ source: relative(root, file), text: paragraph });
  }
  const lock = readFileSync(join(root, 'package-lock.json'));
  return {
    documents,
    seen,
    provenance: [
      `node_modules: ${descriptions} distinct package.json descriptions, ${openings} distinct README opening paragraphs`,
      `package-lock.json sha256 ${createHash('sha256').update(lock).digest('hex').slice(0, 16)}`,
    ],
  };
}

/** Where apt keeps a description index of Debian's main suite in a language (any mirror). */
export function findTranslations(language: 'en' | 'de', dir = '/var/lib/apt/lists'): string | undefined {
  if (!existsSync(dir)) return undefined;
  const pattern = new RegExp(`_dists_[a-z]+_main_i18n_Translation-${language}(\\.(lz4|gz|xz))?$`);
  const names = readdirSync(dir)
    .filter((n) => pattern.test(n) && !n.includes('-security_') && !/-updates_main/.test(n))
    .sort();
  return names.length > 0 ? join(dir, names[0]!) : undefined;
}

/**
 * The documents of one Translation-<language> index: per package, its short
 * description and each paragraph of its long one (apt's format: one leading
 * space per line, " ." for a blank line); a paragraph already in `seen` is dropped.
 */
export function parseDescriptions(index: string, language: 'en' | 'de', seen: Set<string>): CorpusDocument[] {
  const field = new RegExp(`^Description-${language}: ([\\s\\S]*)$`, 'm');
  const documents: CorpusDocument[] = [];
  for (const stanza of index.split(/\n\n+/)) {
    const name = /^Package: (.+)$/m.exec(stanza)?.[1];
    const body = field.exec(stanza)?.[1];
    if (!name || !body) continue;
    const [short = '', ...long] = body.split('\n');
    const paragraphs = [short, long.map((l) => (l.trim() === '.' ? '\n\n' : l.trim())).join(' ')]
      .join('\n\n')
      .split(/\n{2,}/)
      .map((p) => p.replace(/\s+/g, ' ').trim());
    const kept = newParagraphs(paragraphs.join('\n\n'), seen);
    if (kept.length > 0) documents.push({ source: `Translation-${language}:${name}`, text: kept.join('\n\n') });
  }
  return documents;
}

/**
 * Every description in one of Debian's Translation-<language> index files (any
 * compression apt reads): short and long description of each package, as
 * paragraphs, each paragraph kept once (`seen` is shared with other sources).
 */
export function readDescriptionIndex(
  file: string,
  language: 'en' | 'de',
  seen: Set<string>,
): { documents: CorpusDocument[]; provenance: string } {
  // apt-helper decompresses whatever format apt stored the index in.
  const index = execFileSync('/usr/lib/apt/apt-helper', ['cat-file', file], { maxBuffer: 1 << 28 }).toString('utf8');
  const documents = parseDescriptions(index, language, seen);
  const hash = createHash('sha256').update(index).digest('hex').slice(0, 16);
  return {
    documents,
    provenance: `${file.split('/').pop()}: ${documents.length} packages with new text; sha256 of the index ${hash}`,
  };
}

/** The description index apt keeps for Debian's main suite (see findTranslations). */
function readDebianDescriptions(language: 'en' | 'de', seen: Set<string>): { documents: CorpusDocument[]; provenance: string } {
  const file = findTranslations(language);
  if (!file) {
    throw new Error(
      `product copy in ${language} needs apt's Translation-${language} index: run apt-get -o Acquire::Languages=de,en update`,
    );
  }
  return readDescriptionIndex(file, language, seen);
}

/**
 * English: node_modules' package.json descriptions and README openings, then
 * Debian's English package descriptions (Translation-en). Without the apt
 * index, the node_modules part alone, and the provenance says so.
 */
export function buildEnglishProductCopy(root: string): Corpus {
  const npm = readNodeModulesCopy(root);
  try {
    const debian = readDebianDescriptions('en', npm.seen);
    return { language: 'en', documents: [...npm.documents, ...debian.documents], provenance: [...npm.provenance, debian.provenance] };
  } catch (error) {
    return { language: 'en', documents: npm.documents, provenance: [...npm.provenance, `not read: ${(error as Error).message}`] };
  }
}

/** German: every Description-de of Debian's Translation-de index. */
export function buildGermanProductCopy(): Corpus {
  const debian = readDebianDescriptions('de', new Set());
  return { language: 'de', documents: debian.documents, provenance: [debian.provenance] };
}
