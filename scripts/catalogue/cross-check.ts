// Rules that span files: IDs against file names and against the rules listed
// in release.yaml, profiles in rule scopes, citations against sources. Runs on
// what load.ts validated; the build reports its problems with the loader's.
import { LANGUAGES, PROFILE_IDS } from '../../src/core/catalogue/ids';
import type { LoadedCatalogue } from './load';
import { INDEX_FILE, RULES_DIR, SIGNALS_DIR } from './load';
import type { ProblemList } from './problems';

function checkFileSet(dir: string, found: readonly string[], expected: readonly string[], what: string, problems: ProblemList): void {
  for (const name of expected) {
    if (!found.includes(name)) problems.add(`${dir}/${name}.yaml`, '', `missing: every ${what} needs its file`);
  }
  for (const name of found) {
    if (!expected.includes(name)) problems.add(`${dir}/${name}.yaml`, '', `extra file: "${name}" is not a ${what}`);
  }
}

function checkUnique(file: string, path: string, values: readonly string[], problems: ProblemList): void {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    if (seen.has(value)) problems.add(file, `${path}[${index}]`, `repeats "${value}"`);
    seen.add(value);
  });
}

function checkCatalogueOrder(file: string, path: string, values: readonly string[], order: readonly string[], problems: ProblemList): void {
  const positions = values.map((value) => order.indexOf(value));
  if (positions.some((position, i) => i > 0 && position < positions[i - 1]!)) {
    problems.add(file, path, `must be in catalogue order: ${order.filter((v) => values.includes(v)).join(', ')}`);
  }
}

/** Cross-file checks over a loaded catalogue; problems go to `problems`. */
export function crossCheckCatalogue(loaded: LoadedCatalogue, problems: ProblemList): void {
  const listed = loaded.index?.data.rules;
  if (listed) {
    checkUnique(INDEX_FILE, 'rules', listed, problems);
    checkFileSet(RULES_DIR, loaded.fileNames.rules, listed, `rule listed under rules in ${INDEX_FILE}`, problems);
    for (const name of loaded.fileNames.signals) {
      if (!listed.includes(name))
        problems.add(`${SIGNALS_DIR}/${name}.yaml`, '', `extra file: "${name}" is not a rule listed under rules in ${INDEX_FILE}`);
    }
  }

  for (const { file, name, data } of [...loaded.rules, ...loaded.sources]) {
    if (data.id !== name) problems.add(file, 'id', `must equal the file name "${name}"`);
  }

  // A source file that exists but failed validation still counts as known, so
  // one broken source is reported once, not once per citing rule.
  const sourceIds = new Set([...loaded.fileNames.sources, ...loaded.sources.map((s) => s.data.id)]);
  const cited = new Set<string>();
  for (const { file, name, data: rule } of loaded.rules) {
    checkUnique(file, 'scope', rule.scope, problems);
    checkCatalogueOrder(file, 'scope', rule.scope, PROFILE_IDS, problems);
    checkUnique(
      file,
      'evidence',
      rule.evidence.map((e) => e.sourceId),
      problems,
    );
    rule.evidence.forEach(({ sourceId }, i) => {
      cited.add(sourceId);
      if (!sourceIds.has(sourceId)) problems.add(file, `evidence[${i}].sourceId`, `unknown source "${sourceId}"`);
    });
    if (rule.relatedRuleIds) {
      checkUnique(file, 'relatedRuleIds', rule.relatedRuleIds, problems);
      rule.relatedRuleIds.forEach((id, i) => {
        if (id === name) problems.add(file, `relatedRuleIds[${i}]`, 'must not name the rule itself');
        else if (listed && !listed.includes(id)) problems.add(file, `relatedRuleIds[${i}]`, `unknown rule "${id}"`);
      });
    }
  }
  // A signal record's notes may cite a source that no rule cites (word lists,
  // plain-language guidance); it counts as cited.
  for (const { data } of loaded.signals) {
    for (const language of LANGUAGES) {
      for (const sourceId of [...(data[language].sources ?? []), ...(data[language].suggestion?.sources ?? [])]) cited.add(sourceId);
    }
  }
  // Only when every rule loaded can a source truly be uncited, or a profile empty.
  if (loaded.rules.length === loaded.fileNames.rules.length) {
    for (const profile of PROFILE_IDS) {
      if (!loaded.rules.some(({ data }) => data.scope.includes(profile))) {
        problems.add(RULES_DIR, '', `profile "${profile}" is empty: list it in the scope of at least one rule`);
      }
    }
    for (const { file, data } of loaded.sources) {
      if (!cited.has(data.id)) problems.add(file, 'id', `unused source: no rule or signal record cites "${data.id}"`);
    }
  }

  for (const { file, name, data } of loaded.signals) {
    for (const language of LANGUAGES) {
      const expectedId = `${name}.${language}`;
      if (data[language].id !== expectedId) problems.add(file, `${language}.id`, `must be "${expectedId}"`);
      // The record and its suggestion block are checked alike; a phrase or lemma stands in one of them only.
      const record = data[language];
      const blocks = [
        { at: language, block: record },
        ...(record.suggestion ? [{ at: `${language}.suggestion`, block: record.suggestion }] : []),
      ];
      for (const { at, block } of blocks) {
        checkUnique(
          file,
          `${at}.phrases`,
          (block.phrases ?? []).map((p) => p.trim()),
          problems,
        );
        checkUnique(
          file,
          `${at}.adjectives`,
          (block.adjectives ?? []).map((p) => p.trim()),
          problems,
        );
        const kinds = [block.phrases, block.adjectives, block.attributive, block.verbSecond, block.pairs];
        // A record may keep every form in its suggestion block (the schema then wants its examples there).
        if (kinds.every((list) => !list?.length) && (block !== record || !record.suggestion)) {
          problems.add(file, at, 'must list phrases, adjectives, attributive, verbSecond or pairs');
        }
        if (language === 'en' && block.verbSecond) problems.add(file, `${at}.verbSecond`, 'is German only');
        if (language === 'en' && block.attributive) problems.add(file, `${at}.attributive`, 'is German only');
        (block.sources ?? []).forEach((sourceId, i) => {
          if (!sourceIds.has(sourceId)) problems.add(file, `${at}.sources[${i}]`, `unknown source "${sourceId}"`);
        });
      }
      for (const kind of ['phrases', 'adjectives'] as const) {
        const own = new Set((record[kind] ?? []).map((p) => p.trim()));
        (record.suggestion?.[kind] ?? []).forEach((value, i) => {
          if (own.has(value.trim()))
            problems.add(file, `${language}.suggestion.${kind}[${i}]`, `also listed in ${language}.${kind}: a form has one level`);
        });
      }
    }
  }
}
