// `npm run build`: checks catalogue/ and writes src/core/catalogue/catalogue.generated.ts
// and dist/signal-forms.json (each only when its content changed); git ignores both. Exits 1 and lists every problem when the
// catalogue is not valid. An optional argument names another project root
// (the tests build fixture catalogues that way).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue } from './catalogue/build';
import { GENERATED_FILE, SIGNAL_FORMS_FILE } from './catalogue/emit';
import { formatProblem } from './catalogue/problems';

const root = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const result = buildCatalogue(root);

if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`catalogue build failed: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}

/** Writes `text` to `file` under the root unless it holds exactly that; whether it wrote. */
function writeIfChanged(file: string, text: string): boolean {
  const target = join(root, file);
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) return false;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  return true;
}

const changed = writeIfChanged(GENERATED_FILE, result.moduleText);
const formsChanged = writeIfChanged(SIGNAL_FORMS_FILE, result.signalFormsText);

const { catalogue } = result;
console.log(
  `catalogue ${catalogue.catalogueVersion}: ${catalogue.rules.length} rules, ${catalogue.sources.length} sources, ` +
    `${catalogue.signalRecords.length} signal records; ${changed ? 'wrote' : 'unchanged'} ${GENERATED_FILE}, ` +
    `${formsChanged ? 'wrote' : 'unchanged'} ${SIGNAL_FORMS_FILE} ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
