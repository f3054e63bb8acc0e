// Loads a corpus by language for the precision measurement and the benchmark.
// The German corpus takes about a minute to render, so it is cached under
// node_modules/.cache/ keyed by the installed Debian package versions.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnglishCorpus } from '../../test/support/corpus/english';
import { buildGermanCorpus, germanPackageVersions } from '../../test/support/corpus/german';
import type { Corpus } from '../../test/support/corpus/types';

/**
 * The corpus of `language` built from the project at `root`. Throws with the
 * apt-get command to run when the German packages are not installed.
 */
export async function loadCorpus(language: 'en' | 'de', root: string): Promise<Corpus> {
  if (language === 'en') return buildEnglishCorpus(root);
  const dir = join(root, 'node_modules', '.cache', 'writing-rules-corpus');
  const file = join(dir, 'de.json');
  const key = `${germanPackageVersions().versions.join(', ')} / corpus format 1`;
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as { key: string; corpus: Corpus };
    if (cached.key === key) return cached.corpus;
  }
  const corpus = await buildGermanCorpus();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ key, corpus }));
  return corpus;
}
