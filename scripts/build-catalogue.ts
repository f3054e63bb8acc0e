// `npm run build`: writes the rule IDs (src/core/catalogue/rule-ids.generated.ts),
// checks catalogue/ and writes src/core/catalogue/catalogue.generated.ts and
// dist/signal-forms.json (each only when its content changed; git ignores all
// three). Exits 1 and lists every problem when the catalogue is not valid. An optional argument names another project root
// (the tests build fixture catalogues that way). In this repository the step
// is skipped when nothing it reads or writes changed since it last succeeded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_STEP, GENERATED_FILE, SIGNAL_FORMS_FILE } from './catalogue/emit';
import { RULE_IDS_FILE, ruleIdsModule, ruleIdsOf } from './catalogue/rule-ids';
import { isUpToDate, recordBuild } from './lib/build-stamp';

const root = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

const ownRoot = process.argv[2] === undefined;
if (ownRoot && isUpToDate(root, CATALOGUE_STEP)) {
  console.log(`catalogue: nothing changed since the last build (${Math.round(performance.now() - started)} ms)`);
  process.exit(0);
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

// First the rule IDs, from the file names: the checks and types loaded below read them.
writeIfChanged(RULE_IDS_FILE, ruleIdsModule(ruleIdsOf(root)));
const { buildCatalogue } = await import('./catalogue/build');
const { formatProblem } = await import('./catalogue/problems');
const result = buildCatalogue(root);

if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`catalogue build failed: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  process.exit(1);
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
if (ownRoot) recordBuild(root, CATALOGUE_STEP);
