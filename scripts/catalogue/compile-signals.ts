// Compiles each signal record of catalogue/signals/ into its regex with the
// core's compiler (src/core/catalogue/compile.ts, which the bundle runs too):
// generates every form, proves the regex linear-time and runs it over the
// record's own examples. The build calls it after the cross-checks; its output
// is the `signalRecords` of the catalogue.
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, type RuleId } from '../../src/core/catalogue/ids';
import { compileSignalRecord, levelRecordsOf, type LeveledRecordSource } from '../../src/core/catalogue/compile';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { recordLinearTimeFailures } from './linear-time';
import type { LoadedCatalogue } from './load';
import type { ProblemList } from './problems';

// As the scanner runs a record: over the text with its block boundaries marked, quoting the text itself.
function quotes(regex: RegExp, text: string): string[] {
  return [...markBlockBoundaries(text).matchAll(regex)].map((m) => text.slice(m.index, m.index + m[0].length));
}

function compileRecord(file: string, record: LeveledRecordSource, problems: ProblemList): CompiledSignalRecord | undefined {
  // Problems name the YAML path: `en.phrases[2]`, or `en.suggestion.phrases[0]` in a suggestion block.
  const block = record.level === 'suggestion' ? `${record.language}.suggestion` : record.language;
  const at = (path: string) => `${block}.${path}`;
  const compiled = compileSignalRecord(record);
  const { phrases, pairs, numericComparisons, notAfter, notAfterInClause, notBeforeInClause, notInGap, source, flags } = compiled;
  let regex: RegExp;
  try {
    regex = new RegExp(source, flags);
  } catch (error) {
    problems.add(file, at('phrases'), `does not compile: ${(error as Error).message}`);
    return undefined;
  }
  let ok = true;
  for (const failure of recordLinearTimeFailures(
    { phrases, pairs, numericComparisons, notAfter, notAfterInClause, notBeforeInClause, notInGap },
    source,
    flags,
  )) {
    ok = false;
    // Name the phrase as written when a generated form came from one.
    const match = /^phrases\[(\d+)\]$/.exec(failure.part);
    const phrase = match ? phrases[Number(match[1])] : undefined;
    const index = phrase === undefined ? -1 : (record.phrases ?? []).findIndex((p) => p.trim() === phrase);
    const path = index >= 0 ? `phrases[${index}]` : phrase !== undefined ? `phrases (generated "${phrase}")` : failure.part;
    problems.add(file, at(path), `not provably linear-time (${failure.reason})`);
  }
  record.matches.forEach((example, i) => {
    const found = quotes(regex, example.text);
    if (JSON.stringify(found) !== JSON.stringify(example.quotes)) {
      ok = false;
      problems.add(file, at(`matches[${i}]`), `expected quotes ${JSON.stringify(example.quotes)}, found ${JSON.stringify(found)}`);
    }
  });
  record.nonMatches.forEach((text, i) => {
    const found = quotes(regex, text);
    if (found.length > 0) {
      ok = false;
      problems.add(file, at(`nonMatches[${i}]`), `must not match, found ${JSON.stringify(found)}`);
    }
  });
  return ok ? compiled : undefined;
}

/**
 * The compiled records of the scannable rules in their order, English then
 * German, each followed by its suggestion record; problems go to `problems`.
 */
export function compileSignalRecords(
  loaded: LoadedCatalogue,
  scannableRuleIds: readonly RuleId[],
  problems: ProblemList,
): CompiledSignalRecord[] {
  const compiled: CompiledSignalRecord[] = [];
  for (const ruleId of scannableRuleIds) {
    const signalFile = loaded.signals.find((s) => s.name === ruleId);
    if (!signalFile) continue;
    for (const language of LANGUAGES) {
      for (const written of levelRecordsOf(signalFile.data[language], ruleId, language)) {
        const record = compileRecord(signalFile.file, written, problems);
        if (record) compiled.push(record);
      }
    }
  }
  return compiled;
}
