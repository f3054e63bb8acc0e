// The catalogue build as a function of a root directory: load, check, compile,
// render. No writes and no printing, so tests run it on fixture catalogues;
// scripts/build-catalogue.ts is the command that writes the result.
import { packSignalForms } from '../../src/core/catalogue/compile';
import type { CompiledCatalogue } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, PROFILE_IDS, type ProfileId, type RuleId } from '../../src/core/catalogue/ids';
import type { RuleRecord } from '../../src/core/catalogue/schema';
import { candidateAutomatonOf } from '../../src/core/scanner/scan';
import { compileSignalRecords } from './compile-signals';
import { crossCheckCatalogue } from './cross-check';
import { catalogueVersionOf, generatedModule, signalFormsJson } from './emit';
import { loadCatalogue } from './load';
import { ProblemList, type CatalogueProblem } from './problems';

export type CatalogueBuild =
  | {
      readonly ok: true;
      readonly catalogue: CompiledCatalogue;
      /** catalogue.generated.ts: the signal records with every form, packed into strings; each regex source made when read. */
      readonly moduleText: string;
      /** dist/signal-forms.json: every form each signal record matches. */
      readonly signalFormsText: string;
    }
  | { readonly ok: false; readonly problems: readonly CatalogueProblem[] };

/**
 * Each profile's rules, in catalogue order, from the rules' `scope`: the one
 * place membership is written. The served rule records keep their `scope`.
 */
export function profilesOf<Id extends string>(
  rules: readonly { readonly id: Id; readonly scope: readonly ProfileId[] }[],
): Record<ProfileId, Id[]> {
  const profiles = {} as Record<ProfileId, Id[]>;
  for (const profile of PROFILE_IDS) profiles[profile] = rules.filter((rule) => rule.scope.includes(profile)).map((rule) => rule.id);
  return profiles;
}

/** Checks and compiles the catalogue under `root` (the folder holding `catalogue/`). */
export function buildCatalogue(root: string): CatalogueBuild {
  const problems = new ProblemList();
  const loaded = loadCatalogue(root, problems);
  crossCheckCatalogue(loaded, problems);
  // The rule IDs as the files give them; rule-ids.generated.ts holds the same for the core's types.
  const ruleIds = (loaded.index?.data.rules ?? []) as RuleId[];
  const scannableRuleIds = ruleIds.filter((id) => loaded.fileNames.signals.includes(id));
  const signalRecords = compileSignalRecords(loaded, scannableRuleIds, problems);
  if (problems.items.length > 0 || !loaded.index) {
    return { ok: false, problems: problems.items };
  }

  const index = loaded.index.data;
  const rules = ruleIds.map((id) => loaded.rules.find((r) => r.data.id === id)!.data as RuleRecord);
  const sources = loaded.sources.map((s) => s.data).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const profiles = profilesOf(rules);
  const signals = scannableRuleIds.map((id) => loaded.signals.find((s) => s.name === id)!.data);
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
    candidateAutomata: Object.fromEntries(
      LANGUAGES.map((language) => [language, candidateAutomatonOf(signalRecords.filter((record) => record.language === language))]),
    ),
  };
  return {
    ok: true,
    catalogue,
    moduleText: generatedModule({ ...catalogue, signalRecords: signalRecords.map(packSignalForms) }),
    signalFormsText: signalFormsJson(catalogue),
  };
}
