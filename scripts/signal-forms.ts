// `npm run signal-forms [-- <record>...]`: prints, as JSON, every form the
// signal records match (level, phrases, pairs with all forms of both parts, guards),
// as catalogue/ stands, so a reviewer sees what a YAML edit makes the scanner
// match. A record is `<rule>.<language>` (word-choice.de, with its suggestion
// record) or a rule, for both its languages; none prints them all. `npm run
// build` writes the same text for every record to dist/signal-forms.json: when
// that build is current (nothing it reads or writes changed since), the command
// reads it; otherwise it compiles catalogue/ itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue } from './catalogue/build';
import { CATALOGUE_STEP, SIGNAL_FORMS_FILE, signalFormsJson } from './catalogue/emit';
import { formatProblem } from './catalogue/problems';
import { isUpToDate } from './lib/build-stamp';

interface SignalForms {
  readonly catalogueVersion: string;
  readonly records: readonly { readonly id: string }[];
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** Every record's forms as the build writes them, from the current build or compiled now. */
function currentForms(): SignalForms {
  if (isUpToDate(root, CATALOGUE_STEP)) return JSON.parse(readFileSync(join(root, SIGNAL_FORMS_FILE), 'utf8')) as SignalForms;
  const result = buildCatalogue(root);
  if (!result.ok) {
    for (const problem of result.problems) console.error(formatProblem(problem));
    console.error(`the catalogue does not build: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
    process.exit(1);
  }
  return JSON.parse(signalFormsJson(result.catalogue)) as SignalForms;
}

const forms = currentForms();
const asked = process.argv.slice(2);
const isNamed = (id: string, name: string) => id === name || id.startsWith(`${name}.`);
const unknown = asked.filter((name) => !forms.records.some((record) => isNamed(record.id, name)));
if (unknown.length > 0) {
  // A record's ID is its rule's ID, its language and, for a suggestion record, `.suggestion`.
  const known = [...new Set(forms.records.map((record) => record.id.slice(0, record.id.indexOf('.'))))];
  console.error(
    `no signal record ${unknown.map((name) => JSON.stringify(name)).join(', ')}; records: ${known.join(', ')}, ` +
      'each as <rule>.en or <rule>.de (with its suggestion record, <rule>.<language>.suggestion, if any)',
  );
  process.exit(2);
}
const chosen = forms.records.filter((record) => asked.length === 0 || asked.some((name) => isNamed(record.id, name)));
// The same layout as signalFormsJson writes.
process.stdout.write(`${JSON.stringify({ ...forms, records: chosen }, null, 2)}\n`);
