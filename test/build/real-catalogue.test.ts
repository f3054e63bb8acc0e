// The project's own catalogue builds, and the committed catalogue.generated.ts
// is exactly what the build makes of it (run `npm run build` when this fails).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../scripts/catalogue/build';
import { GENERATED_FILE } from '../../scripts/catalogue/emit';
import { formatProblem } from '../../scripts/catalogue/problems';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the project catalogue', () => {
  const result = buildCatalogue(root);

  it('passes every check of the build', () => {
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it('matches the committed catalogue.generated.ts byte for byte', () => {
    if (!result.ok) throw new Error('the catalogue does not build');
    expect(readFileSync(`${root}${GENERATED_FILE}`, 'utf8')).toBe(result.moduleText);
    expect(catalogue).toEqual(result.catalogue);
  });
});
