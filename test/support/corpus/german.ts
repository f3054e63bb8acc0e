// The German corpus: German documentation from Debian packages, as prose —
// man pages of manpages-de (rendered with man-db) and the HTML manuals of
// debian-reference-de, developers-reference-de, debian-faq-de and maint-guide-de.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { distinctDocuments, htmlToProse } from './prose';
import type { Corpus } from './types';

/** The Debian packages the German corpus reads; install them with apt-get. */
export const GERMAN_PACKAGES = [
  'manpages-de',
  'debian-reference-de',
  'developers-reference-de',
  'debian-faq-de',
  'maint-guide-de',
] as const;

const MAN_DIR = '/usr/share/man/de';
const HTML_DIRS = [
  '/usr/share/debian-reference',
  '/usr/share/developers-reference/de',
  '/usr/share/doc/debian/FAQ/de',
  '/usr/share/doc/maint-guide-de/html',
];

/** Installed versions of GERMAN_PACKAGES, or the names that are missing. */
export function germanPackageVersions(): { versions: string[]; missing: string[] } {
  const versions: string[] = [];
  const missing: string[] = [];
  for (const name of GERMAN_PACKAGES) {
    try {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own ${Field} format, not a template
      const out = execFileSync('dpkg-query', ['-W', '-f=${Status}|${Version}', name], { encoding: 'utf8' });
      const [status, version] = out.split('|');
      if (status?.endsWith(' installed')) versions.push(`${name} ${version}`);
      else missing.push(name);
    } catch {
      missing.push(name);
    }
  }
  return { versions, missing };
}

export function listFiles(dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, accept, out);
    else if (entry.isFile() && accept(entry.name)) out.push(path);
  }
  return out.sort();
}

const run = promisify(execFile);

export async function renderManPage(file: string): Promise<string> {
  try {
    const { stdout } = await run('man', ['--no-hyphenation', '--no-justification', '-E', 'UTF-8', '-l', file], {
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', MANWIDTH: '2000', MAN_KEEP_FORMATTING: '' },
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    });
    const lines = stdout.replace(/.\x08/g, '').split('\n');
    const first = lines.findIndex((l) => l.trim() !== '');
    const last = lines.findLastIndex((l) => l.trim() !== '');
    return first < 0 ? '' : lines.slice(first + 1, last).join('\n'); // drop header and footer lines
  } catch {
    return '';
  }
}

export async function mapPool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Builds the German corpus; throws naming the apt packages to install when some are missing. */
export async function buildGermanCorpus(): Promise<Corpus> {
  const { versions, missing } = germanPackageVersions();
  if (missing.length > 0) {
    throw new Error(`German corpus needs Debian packages: apt-get install -y ${missing.join(' ')}`);
  }
  const manFiles = listFiles(MAN_DIR, (name) => /\.\d\w*(\.gz)?$/.test(name));
  const htmlFiles = HTML_DIRS.flatMap((dir) => listFiles(dir, (name) => /\.de\.html$|^(?!.*\.\w\w\.html$).*\.html$/.test(name)));
  const rendered = await mapPool(manFiles, 4, renderManPage);
  const sources: { source: string; prose: string }[] = [
    ...manFiles.map((file, i) => ({ source: file, prose: rendered[i]! })),
    ...htmlFiles.map((file) => ({ source: file, prose: htmlToProse(readFileSync(file, 'utf8')) })),
  ];
  const documents = distinctDocuments(sources);
  return {
    language: 'de',
    documents,
    provenance: [
      `Debian packages: ${versions.join(', ')}`,
      `${manFiles.length} man pages under ${MAN_DIR} and ${htmlFiles.length} HTML pages read, ${documents.length} distinct documents with prose`,
    ],
  };
}
