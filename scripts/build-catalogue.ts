// `npm run build`: checks catalogue/ and writes src/core/catalogue/catalogue.generated.ts
// (only when its content changed). Exits 1 and lists every problem when the
// catalogue is not valid. An optional argument names another project root
// (the tests build fixture catalogues that way).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalogue } from './catalogue/build';
import { GENERATED_FILE } from './catalogue/emit';
import { formatProblem } from './catalogue/problems';

const root = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const result = buildCatalogue(root);

if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`catalogue build failed: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}

const target = join(root, GENERATED_FILE);
let current: string | undefined;
try {
  current = readFileSync(target, 'utf8');
} catch {
  current = undefined;
}
const changed = current !== result.moduleText;
if (changed) {
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, result.moduleText);
}

const { catalogue } = result;
console.log(
  `catalogue ${catalogue.catalogueVersion}: ${catalogue.rules.length} rules, ${catalogue.sources.length} sources, ` +
    `${catalogue.signalRecords.length} signal records; ${changed ? 'wrote' : 'unchanged'} ${GENERATED_FILE} ` +
    `(${Math.round(performance.now() - started)} ms)`,
);
