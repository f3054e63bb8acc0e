// Real prose of a given length for the benchmark and the scanner's equality
// tests: English from the installed npm packages' READMEs, German from Debian
// documentation (test/support/corpus/ builds both corpora).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnglishCorpus } from './corpus/english';
import { buildGermanCorpus, germanPackageVersions } from './corpus/german';
import type { Corpus } from './corpus/types';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Text of exactly `units` UTF-16 units, or the reason it cannot be built. */
export type Prose = { ok: true; text: string; origin: string } | { ok: false; reason: string };

function cut(corpus: Corpus, units: number): Prose {
  const whole = corpus.documents.map((d) => d.text).join('\n\n');
  if (whole.length < units) {
    return { ok: false, reason: `${corpus.language} corpus has only ${whole.length} of ${units} UTF-16 units` };
  }
  let text = whole.slice(0, units);
  // Never end on half a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(text)) text = `${text.slice(0, -1)} `;
  return { ok: true, text, origin: `${corpus.documents.length} documents; ${corpus.provenance.join('; ')}` };
}

// Rendering a thousand man pages takes minutes: keep the German text, keyed by
// the installed package versions, in the system's temporary directory.
async function germanProse(units: number): Promise<Prose> {
  const { versions, missing } = germanPackageVersions();
  if (missing.length > 0) return cut(await buildGermanCorpus(), units); // throws with the apt-get line
  const key = createHash('sha256').update(`${versions.join('|')}|${units}`).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'writing-rules-bench');
  const file = join(dir, `de-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Prose;
  const prose = cut(await buildGermanCorpus(), units);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(prose));
  return prose;
}

/** The first `units` UTF-16 units of the language's corpus, in corpus order. */
export async function loadProse(language: 'en' | 'de', units: number): Promise<Prose> {
  try {
    return language === 'en' ? cut(buildEnglishCorpus(root), units) : await germanProse(units);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
