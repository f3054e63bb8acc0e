// The product stands without the lab: nothing under src/, scripts/ or test/
// imports a module of lab/ or reads a file there, so `npm test` and the build
// need none of the lab's code, data or dependencies. The lab may import the
// product, never the reverse.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lab = join(root, 'lab');
const LAB_PACKAGE = '@voice/writing-rules-lab';
/** This file names lab/ paths as examples of what it finds. */
const thisFile = fileURLToPath(import.meta.url);

/** Every module specifier and `new URL(…, import.meta.url)` path a source names. */
const REFERENCES = [
  /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g,
  /\b(?:require|vi\.mock|vi\.importActual)\(\s*['"]([^'"]+)['"]/g,
  /new URL\(\s*['"`]([^'"`$]+)['"`]\s*,\s*import\.meta\.url\s*\)/g,
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.[cm]?[jt]sx?$/.test(name) && !name.split(sep).includes('node_modules'))
    .map((name) => join(dir, name));
}

/** The references of `source` (the text of `file`) that lead into lab/. */
function labReferences(file: string, source: string): string[] {
  const found: string[] = [];
  for (const pattern of REFERENCES) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[1]!;
      const intoLab = specifier.startsWith('.')
        ? relative(lab, resolve(dirname(file), specifier)).split(sep)[0] !== '..'
        : specifier === LAB_PACKAGE || specifier.startsWith(`${LAB_PACKAGE}/`);
      if (intoLab) found.push(specifier);
    }
  }
  return found;
}

describe('the product apart from the lab', () => {
  it('imports nothing from lab/ in src/, scripts/ or test/', () => {
    const offending = ['src', 'scripts', 'test'].flatMap((dir) =>
      sourcesUnder(join(root, dir))
        .filter((file) => file !== thisFile)
        .flatMap((file) => labReferences(file, readFileSync(file, 'utf8')).map((specifier) => `${relative(root, file)}: ${specifier}`)),
    );
    expect(offending).toEqual([]);
  });

  it('recognises every way a source can reach into lab/', () => {
    const file = join(root, 'test', 'core', 'example.test.ts');
    expect(
      labReferences(
        file,
        [
          "import { run } from '../../lab/bench/run';",
          "export { sample } from '../../lab/quality/sample';",
          "const m = await import('../../lab/load/mix');",
          "const sets = new URL('../../lab/data/labelled-set.en.yaml', import.meta.url);",
          `import '${LAB_PACKAGE}/quality/sample';`,
          "import { scan } from '../../src/core/scanner/scan';",
          "import { lab } from './lab/helpers';",
        ].join('\n'),
      ),
    ).toEqual([
      '../../lab/bench/run',
      '../../lab/quality/sample',
      '../../lab/load/mix',
      `${LAB_PACKAGE}/quality/sample`,
      '../../lab/data/labelled-set.en.yaml',
    ]);
  });
});
