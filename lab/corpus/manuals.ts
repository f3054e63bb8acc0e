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
import type { Corpus } from '../../test/support/corpus/types';

export type ManualsHalf = 'design' | 'measure' | 'all';

const PACKAGES = {
  en: { reference: ['debian-reference-en', 'developers-reference', 'debian-faq', 'maint-guide'], man: 'manpages' },
  de: { reference: ['debian-reference-de', 'developers-reference-de', 'debian-faq-de', 'maint-guide-de'], man: 'manpages-de' },
} as const;

/** The apt-get line that installs what the manuals corpus of `language` reads. */
export const manualsInstallLine = (language: 'en' | 'de') =>
  `apt-get install -y --no-install-recommends man-db ${PACKAGES[language].reference.join(' ')} ${PACKAGES[language].man}`;

function packageFiles(
  name: string,
  installLine = manualsInstallLine(name.endsWith('-de') ? 'de' : 'en'),
  corpusName = 'manuals',
): string[] {
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

// Manuals no level was ever set on, to test the warning level on after the
// levels are set from the `reference` manuals: `handbooks`, Debian's own (the
// Debian Administrator's Handbook, the Installation Guide for amd64 and the
// bookworm Debian Edu manual), and, for the German signals Debian's prose is
// too short to give, `project-manuals`, the user manuals of GIMP and KiCad,
// `office-manual`, LibreOffice's help (whose pages repeat a header, a side
// index and a debug footer, and hold code in paragraphs and typed input in
// spans of their own classes: `drop` names them), and `typesetting-manuals`,
// the manuals of LilyPond (the five whose German pages are translated; the
// essays, the web pages and the snippets are mostly English there) and UDO.
type NewManual = {
  readonly en: { readonly packages: readonly string[]; readonly pages: readonly string[] };
  readonly de: { readonly packages: readonly string[]; readonly pages: readonly string[] };
  /** Elements (`tag`, or `tag.class` for one class of it) dropped whole from every page before its prose is read. */
  readonly drop?: readonly string[];
};
const LILYPOND_MANUALS = ['learning', 'notation', 'usage', 'extending', 'changes'].map(
  (manual) => `/lilypond/html/Documentation/${manual}`,
);
const NEW_MANUALS = {
  handbooks: {
    en: {
      packages: ['debian-handbook', 'installation-guide-amd64', 'debian-edu-doc-en'],
      pages: ['/debian-handbook/html/en-US/', '/installation-guide-amd64/en/', '/debian-edu-bookworm-manual.html'],
    },
    de: {
      packages: ['debian-handbook', 'installation-guide-amd64', 'debian-edu-doc-de'],
      pages: ['/debian-handbook/html/de-DE/', '/installation-guide-amd64/de/', '/debian-edu-bookworm-manual.html'],
    },
  },
  'project-manuals': {
    en: { packages: ['gimp-help-en', 'kicad-doc-en'], pages: ['/gimp/2.0/help/en/', '/kicad/help/en/'] },
    de: { packages: ['gimp-help-de', 'kicad-doc-de'], pages: ['/gimp/2.0/help/de/', '/kicad/help/de/'] },
  },
  'office-manual': {
    en: { packages: ['libreoffice-help-en-us'], pages: ['/libreoffice/help/en-US/'] },
    de: { packages: ['libreoffice-help-de'], pages: ['/libreoffice/help/de/'] },
    drop: ['header', 'aside', 'footer', 'p.code', 'span.input'],
  },
  'typesetting-manuals': {
    en: { packages: ['lilypond-doc-html', 'udo-doc-en'], pages: [...LILYPOND_MANUALS, '/udo-doc-en/html/'] },
    de: { packages: ['lilypond-doc-html-de', 'udo-doc-de'], pages: [...LILYPOND_MANUALS, '/udo-doc-de/html/'] },
  },
} as const satisfies Record<string, NewManual>;

export type NewManuals = keyof typeof NEW_MANUALS;
export const NEW_MANUALS_NAMES = Object.keys(NEW_MANUALS) as NewManuals[];

/** The apt-get line that installs what a corpus of new manuals reads (both languages). */
export const newManualsInstallLine = (name: NewManuals) =>
  `apt-get install -y --no-install-recommends ${[...new Set([...NEW_MANUALS[name].en.packages, ...NEW_MANUALS[name].de.packages])].join(' ')}`;

/** A corpus of new manuals in one language: every HTML page of its packages under the paths it names. */
export function loadNewManualsCorpus(name: NewManuals, language: 'en' | 'de'): Corpus {
  const manual: NewManual = NEW_MANUALS[name];
  const { packages, pages } = manual[language];
  const drop = (manual.drop ?? []).map((element) => {
    const [tag, className] = element.split('.');
    return new RegExp(`<(${tag})\\b${className ? `[^>]*\\bclass="${className}"` : ''}[^>]*>[\\s\\S]*?</\\1>`, 'gi');
  });
  const files = packages.flatMap((pkg) => packageFiles(pkg, newManualsInstallLine(name), name));
  const html = files.filter((path) => path.endsWith('.html') && pages.some((page) => path.includes(page))).sort();
  const read = (path: string) => {
    const page = readFileSync(path, 'utf8');
    return htmlToProse(drop.reduce((text, element) => text.replace(element, ' '), page));
  };
  const documents = distinctDocuments(html.map((source) => ({ source, prose: read(source) })));
  return {
    language,
    documents,
    provenance: [`${name}: ${packages.join(', ')} (${html.length} HTML pages)`, `${documents.length} distinct documents with prose`],
  };
}
