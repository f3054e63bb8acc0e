// Real prose of a given length for the benchmark and the scanner's equality
// tests: English from the installed npm packages' READMEs (test/support/corpus/
// builds that corpus), German from the German Debian Reference, the HTML
// manual of the Debian package debian-reference-de that `.ci/run` installs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnglishCorpus } from './corpus/english';
import { htmlToProse } from './corpus/prose';
import type { Corpus } from './corpus/types';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Where debian-reference-de installs its HTML chapters (`*.de.html`). */
export const DEBIAN_REFERENCE_DIR = '/usr/share/debian-reference';

/** Text of exactly `units` UTF-16 units, or the reason it cannot be built. */
export type Prose = { ok: true; text: string; origin: string } | { ok: false; reason: string };

function cutText(whole: string, units: number, language: string, origin: string): Prose {
  if (whole.length < units) return { ok: false, reason: `${language} prose has only ${whole.length} of ${units} UTF-16 units (${origin})` };
  let text = whole.slice(0, units);
  // Never end on half a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(text)) text = `${text.slice(0, -1)} `;
  return { ok: true, text, origin };
}

function cut(corpus: Corpus, units: number): Prose {
  const whole = corpus.documents.map((d) => d.text).join('\n\n');
  return cutText(whole, units, corpus.language, `${corpus.documents.length} documents; ${corpus.provenance.join('; ')}`);
}

// The German Debian Reference's chapters in file order, as prose.
function germanProse(units: number): Prose {
  const files = existsSync(DEBIAN_REFERENCE_DIR)
    ? readdirSync(DEBIAN_REFERENCE_DIR)
        .filter((f) => f.endsWith('.de.html'))
        .sort()
    : [];
  if (files.length === 0)
    return { ok: false, reason: 'German prose needs the Debian package debian-reference-de: apt-get install -y debian-reference-de' };
  const whole = files.map((f) => htmlToProse(readFileSync(join(DEBIAN_REFERENCE_DIR, f), 'utf8'))).join('\n\n');
  return cutText(
    whole,
    units,
    'de',
    `German Debian Reference (debian-reference-de), ${files.length} HTML chapters under ${DEBIAN_REFERENCE_DIR}`,
  );
}

/** The first `units` UTF-16 units of the language's prose, in corpus order. */
export async function loadProse(language: 'en' | 'de', units: number): Promise<Prose> {
  try {
    return language === 'en' ? cut(buildEnglishCorpus(root), units) : germanProse(units);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
