// Careful manual prose in both languages, from Debian: its reference
// documentation (HTML: the Debian Reference, the Developer's Reference, the
// FAQ and the New Maintainers' Guide) and the manual pages of `manpages`
// (English) and `manpages-de` (German), rendered with man-db.
// Documents are split into two halves by a hash of their path: the levels are
// set on one half (`design`) and measured on the other (`measure`).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashOf } from '../quality/sample';
import { mapPool, renderManPage } from '../../test/support/corpus/german';
import { distinctDocuments, htmlToProse } from '../../test/support/corpus/prose';
import type { Corpus, } from '../../test/support/corpus/types';

export type ManualsHalf = 'design' | 'measure' | 'all';

const PACKAGES = {
  en: { reference: ['debian-reference-en', 'developers-reference', 'debian-faq', 'maint-guide'], man: 'manpages' },
  de: { reference: ['debian-reference-de', 'developers-reference-de', 'debian-faq-de', 'maint-guide-de'], man: 'manpages-de' },
} as const;

/** The apt-get line that installs what the manuals corpus of `language` reads. */
export const manualsInstallLine = (language: 'en' | 'de') =>
  `apt-get install -y --no-install-recommends man-db ${PACKAGES[language].reference.join(' ')} ${PACKAGES[language].man}`;

function packageFiles(name: string, installLine = manualsInstallLine(name.endsWith('-de') ? 'de' : 'en'), corpusName = 'manuals'): string[] {
  try {
    return execFileSync('dpkg', ['-L', name], { encoding: 'utf8' }).split('\n');
  } catch {
    throw new Error(`the ${corpusName} corpus needs Debian package ${name}: ${installLine}`);
  }
}

/** Which half a document belongs to: fixed by its path, so every run splits alike. */
export const halfOf = (source: string): 'design' | 'measure' => (hashOf(`manuals|${source}`) % 2 === 0 ? 'design' : 'measure');

function packageVersion(name: string): string {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own ${Version} format, not a template
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', name], { encoding: 'utf8' });
  } catch {
    return 'missing';
  }
}

/**
 * The manuals corpus of one language, or one half of it; rendering the man
 * pages takes minutes, so the corpus is cached under node_modules/.cache/,
 * keyed by the installed package versions.
 */
export async function loadManualsCorpus(root: string, language: 'en' | 'de', half: ManualsHalf = 'all'): Promise<Corpus> {
  const names = [...PACKAGES[language].reference, PACKAGES[language].man];
  const key = `${names.map((name) => `${name} ${packageVersion(name)}`).join(', ')} / ${half} / format 1`;
  const dir = join(root, 'node_modules', '.cache', 'writing-rules-corpus');
  const file = join(dir, `manuals-${language}-${half}.json`);
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; corpus: Corpus };
    if (cached.key === key) return cached.corpus;
  }
  const corpus = await buildManualsCorpus(language, half);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ key, corpus }));
  return corpus;
}

/** The manuals corpus of one language, or one half of it, built afresh. */
export async function buildManualsCorpus(language: 'en' | 'de', half: ManualsHalf = 'all'): Promise<Corpus> {
  const manFiles = packageFiles(PACKAGES[language].man).filter((path) => /\/man\/(de\/)?man\d\/[^/]+\.\d\w*(\.gz)?$/.test(path));
  // debian-reference-en and -de share a folder; the names say the language.
  const htmlFiles = PACKAGES[language].reference
    .flatMap((name) => packageFiles(name))
    .filter((path) => path.endsWith('.html') && !/\.[a-z]{2}(-[a-z]{2})?\.html$/.test(path.replace(`.${language}.html`, '.html')));
  const chosen = (path: string) => half === 'all' || halfOf(path) === half;
  const man = manFiles.filter(chosen).sort();
  const html = htmlFiles.filter(chosen);
  const rendered = await mapPool(man, 4, renderManPage);
  const sources = [
    ...html.map((source) => ({ source, prose: htmlToProse(readFileSync(source, 'utf8')) })),
    ...man.map((source, i) => ({ source, prose: rendered[i] ?? '' })),
  ];
  const documents = distinctDocuments(sources);
  return {
    language,
    documents,
    provenance: [
      `${PACKAGES[language].reference} (${html.length} HTML pages) and ${PACKAGES[language].man} (${man.length} man pages), half: ${half}`,
      `${documents.length} distinct documents with prose`,
    ],
  };
}

// Manuals no level was ever set on: Debian's Installation Guide (amd64) and
// the Debian Edu manual (bookworm), in both languages. The warning level is
// tested on these after the levels are set from the `reference` manuals.
const HANDBOOKS = {
  en: { packages: ['installation-guide-amd64', 'debian-edu-doc-en'], folder: '/installation-guide-amd64/en/' },
  de: { packages: ['installation-guide-amd64', 'debian-edu-doc-de'], folder: '/installation-guide-amd64/de/' },
} as const;

/** The apt-get line that installs what the handbooks corpus reads (both languages). */
export const handbooksInstallLine = () =>
  `apt-get install -y --no-install-recommends ${[...new Set([...HANDBOOKS.en.packages, ...HANDBOOKS.de.packages])].join(' ')}`;

/** The handbooks corpus of one language: every HTML page of the Installation Guide and the bookworm Debian Edu manual. */
export function loadHandbooksCorpus(language: 'en' | 'de'): Corpus {
  const { packages, folder } = HANDBOOKS[language];
  const files = packages.flatMap((name) => packageFiles(name, handbooksInstallLine(), 'handbooks'));
  const html = files.filter((path) => (path.includes(folder) && path.endsWith('.html')) || path.endsWith('/debian-edu-bookworm-manual.html')).sort();
  const documents = distinctDocuments(html.map((source) => ({ source, prose: htmlToProse(readFileSync(source, 'utf8')) })));
  return {
    language,
    documents,
    provenance: [`${packages.join(' and ')} (${html.length} HTML pages)`, `${documents.length} distinct documents with prose`],
  };
}
