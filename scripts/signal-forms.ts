// `npm run signal-forms [-- <record>...]`: prints, as JSON, every form the
// signal records match (level, phrases, pairs with all forms of both parts, guards),
// compiled from catalogue/ as it stands, so a reviewer sees what a YAML edit
// makes the scanner match. A record is `<rule>.<language>` (word-choice.de,
// with its suggestion record) or a rule, for both its languages; none prints
// them all. `npm run build` writes
// the same text for every record to dist/signal-forms.json.
import { fileURLToPath } from 'node:url';
import { buildCatalogue } from './catalogue/build';
import { signalFormsJson } from './catalogue/emit';
import { formatProblem } from './catalogue/problems';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = buildCatalogue(root);
if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`the catalogue does not build: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}

const { catalogue } = result;
const asked = process.argv.slice(2);
const chosen = (id: string) => asked.length === 0 || asked.some((name) => id === name || id.startsWith(`${name}.`));
const unknown = asked.filter((name) => !catalogue.signalRecords.some((record) => record.id === name || record.id.startsWith(`${name}.`)));
if (unknown.length > 0) {
  const known = [...new Set(catalogue.signalRecords.map((record) => record.ruleId))];
  console.error(
    `no signal record ${unknown.map((name) => JSON.stringify(name)).join(', ')}; records: ${known.join(', ')}, ` +
      'each as <rule>.en or <rule>.de (with its suggestion record, <rule>.<language>.suggestion, if any)',
  );
  process.exit(2);
}
process.stdout.write(signalFormsJson({ ...catalogue, signalRecords: catalogue.signalRecords.filter((record) => chosen(record.id)) }));
