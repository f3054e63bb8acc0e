// The catalogue build as a function of a root directory: load, check, compile,
// render. No writes and no printing, so tests run it on fixture catalogues;
// scripts/build-catalogue.ts is the command that writes the result.
import { signalRecordAsWritten } from '../../src/core/catalogue/compile';
import type { CompiledCatalogue } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS, type ProfileId, type RuleId } from '../../src/core/catalogue/ids';
import { candidateSourceOf } from '../../src/core/scanner/scan';
import { compileSignalRecords } from './compile-signals';
import { crossCheckCatalogue } from './cross-check';
import { catalogueVersionOf, generatedModule, signalFormsJson } from './emit';
import { loadCatalogue } from './load';
import { ProblemList, type CatalogueProblem } from './problems';

export type CatalogueBuild =
  | {
      readonly ok: true;
      readonly catalogue: CompiledCatalogue;
      /** catalogue.generated.ts: the signal records as written, compiled when the module loads. */
      readonly moduleText: string;
      /** dist/signal-forms.json: every form each signal record matches. */
      readonly signalFormsText: string;
    }
  | { readonly ok: false; readonly problems: readonly CatalogueProblem[] };

/**
 * Each profile's rules, in catalogue order, from the rules' `scope`: the one
 * place membership is written. The served rule records keep their `scope`.
 */
export function profilesOf(rules: readonly { readonly id: RuleId; readonly scope: readonly ProfileId[] }[]): Record<ProfileId, RuleId[]> {
  const profiles = {} as Record<ProfileId, RuleId[]>;
  for (const profile of PROFILE_IDS) profiles[profile] = rules.filter((rule) => rule.scope.includes(profile)).map((rule) => rule.id);
  return profiles;
}

/** Checks and compiles the catalogue under `root` (the folder holding `catalogue/`). */
export function buildCatalogue(root: string): CatalogueBuild {
  const problems = new ProblemList();
  const loaded = loadCatalogue(root, problems);
  crossCheckCatalogue(loaded, problems);
  const signalRecords = compileSignalRecords(loaded, problems);
  if (problems.items.length > 0 || !loaded.index) {
    return { ok: false, problems: problems.items };
  }

  const index = loaded.index.data;
  const rules = RULE_IDS.map((id) => loaded.rules.find((r) => r.data.id === id)!.data);
  const sources = loaded.sources.map((s) => s.data).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const profiles = profilesOf(rules);
  const signals = SCANNABLE_RULE_IDS.map((id) => loaded.signals.find((s) => s.name === id)!.data);
  const { release } = index;

  const catalogue: CompiledCatalogue = {
    // The compiled records count too: a change of the phrase compiler changes
    // what the scanner matches, and so the version.
    catalogueVersion: catalogueVersionOf(release, { release, profiles, rules, sources, signals, signalRecords }),
    rules,
    profiles,
    sources,
    signalRecords,
    // Built here rather than in every process before its first scan.
    candidateSources: Object.fromEntries(
      LANGUAGES.map((language) => [language, candidateSourceOf(signalRecords.filter((record) => record.language === language))]),
    ),
  };
  const signalRecordsAsWritten = SCANNABLE_RULE_IDS.flatMap((ruleId, index) =>
    LANGUAGES.map((language) => signalRecordAsWritten({ ...signals[index]![language], ruleId, language })),
  );
  return {
    ok: true,
    catalogue,
    moduleText: generatedModule({ ...catalogue, signalRecords: signalRecordsAsWritten }),
    signalFormsText: signalFormsJson(catalogue),
  };
}
