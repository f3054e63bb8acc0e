// The project's own catalogue builds, and the catalogue.generated.ts and
// dist/signal-forms.json that `npm run build` wrote (git tracks neither) are
// exactly what the build makes of catalogue/ now (run `npm run build` when
// this fails).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../scripts/catalogue/build';
import { GENERATED_FILE, SIGNAL_FORMS_FILE } from '../../scripts/catalogue/emit';
import { formatProblem } from '../../scripts/catalogue/problems';
import { RULE_IDS_FILE, ruleIdsModule, ruleIdsOf } from '../../scripts/catalogue/rule-ids';
import { RULE_IDS, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the project catalogue', () => {
  const result = buildCatalogue(root);

  it('passes every check of the build', () => {
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  it('matches the built catalogue.generated.ts byte for byte', () => {
    if (!result.ok) throw new Error('the catalogue does not build');
    expect(readFileSync(`${root}${GENERATED_FILE}`, 'utf8')).toBe(result.moduleText);
    expect(catalogue).toEqual(result.catalogue);
  });

  it('takes its rule IDs from the file names, in the order release.yaml lists them', () => {
    const ids = ruleIdsOf(root);
    expect(RULE_IDS).toEqual(ids.ruleIds);
    expect(SCANNABLE_RULE_IDS).toEqual(ids.scannableRuleIds);
    const names = (dir: string) => readdirSync(`${root}catalogue/${dir}`).map((file) => file.replace(/\.yaml$/, ''));
    expect([...RULE_IDS].sort()).toEqual(names('rules').sort());
    expect([...SCANNABLE_RULE_IDS].sort()).toEqual(names('signals').sort());
    expect(readFileSync(`${root}${RULE_IDS_FILE}`, 'utf8')).toBe(ruleIdsModule(ids));
  });

  it('carries every form the build generated and makes exactly the records the build checked', () => {
    if (!result.ok) throw new Error('the catalogue does not build');
    // The generated module carries neither regex sources nor flags: the core makes them from the forms.
    expect(result.moduleText).not.toMatch(/"(?:source|flags)":/);
    expect(catalogue.signalRecords).toEqual(result.catalogue.signalRecords);
  });

  it('lists every form each record matches in the built dist/signal-forms.json', () => {
    if (!result.ok) throw new Error('the catalogue does not build');
    expect(readFileSync(`${root}${SIGNAL_FORMS_FILE}`, 'utf8')).toBe(result.signalFormsText);
    const listed = JSON.parse(result.signalFormsText) as { records: { id: string; phrases: string[] }[] };
    expect(listed.records.map((record) => [record.id, record.phrases])).toEqual(
      catalogue.signalRecords.map((record) => [record.id, record.phrases]),
    );
  });
});
