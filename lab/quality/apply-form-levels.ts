// Moves each written form of catalogue/signals/*.yaml to the level it earns
// (lab/quality/form-levels.ts): warning forms in the record, suggestion forms
// in its `suggestion:` block. Examples follow their forms: a `matches` entry
// goes to the record or block that finds its quotes (split when both do), a
// `nonMatches` entry to each record whose forms, without guards, would match
// it (it shows what the guards hold back), else to the record that keeps
// forms. Comments and formatting of the YAML are kept. Prints what moved and
// every example it could not place; the catalogue build checks the result.
//
//   npx tsx lab/quality/apply-form-levels.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMap, isSeq, parseDocument, type Scalar, visit, type YAMLMap, YAMLSeq } from 'yaml';
import { compileSignalRecord, levelRecordsOf, type LeveledRecordSource } from '../../src/core/catalogue/compile';
import { LANGUAGES, type Language, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import type { SignalRecordSource } from '../../src/core/catalogue/files-schema';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { withoutCoveredSuggestions } from '../../src/core/scanner/level-overlap';
import { type FormTally, levelOf, tally } from './form-levels';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LISTS = ['phrases', 'adjectives', 'attributive', 'verbSecond', 'pairs'] as const;
const GUARDS = ['notAfter', 'notAfterInClause', 'notBeforeInClause', 'notInGap'] as const;
const SUGGESTION_NOTES =
  'Forms whose strict precision, measured on judged signals in product copy and manual prose, is under 85 % (lab/quality/form-levels.ts): a reviewer often finds them fine, so they are reported as suggestions.';

type Example = { text: string; quotes: string[] };

function found(record: LeveledRecordSource | undefined, text: string): { start: number; quote: string }[] {
  if (!record) return [];
  const compiled = compileSignalRecord(record);
  const regex = new RegExp(compiled.source, compiled.flags);
  return [...markBlockBoundaries(text).matchAll(regex)].map((m) => ({ start: m.index, quote: text.slice(m.index, m.index + m[0].length) }));
}

function withoutGuards(record: LeveledRecordSource | undefined): LeveledRecordSource | undefined {
  if (!record) return undefined;
  return { ...record, notAfter: undefined, notAfterInClause: undefined, notBeforeInClause: undefined, notInGap: undefined };
}

/** `text` with each one-line folded `notes` given back the lines it has in `original`. */
function refoldNotes(text: string, original: string): string {
  const written = new Map<string, string>();
  for (const block of original.matchAll(/^( *)notes: >-\n((?:\1 {2}.*\n)+)/gm)) {
    const lines = (block[2] as string).trimEnd().split('\n');
    written.set(lines.map((line) => line.trim()).join(' '), block[2] as string);
  }
  return text.replace(/^( *)notes: >-\n\1 {2}(.*)\n/gm, (all, indent: string, line: string) => {
    const lines = written.get(line.trim());
    return lines === undefined ? all : `${indent}notes: >-\n${lines}`;
  });
}

/**
 * One example per text: an example split between the record and its block
 * (each listing the quotes its own forms find) joins again, its quotes in
 * the order they stand in the text.
 */
function mergedExamples(examples: readonly Example[]): Example[] {
  const byText = new Map<string, { at: number; quote: string }[]>();
  for (const { text, quotes } of examples) {
    const placed = byText.get(text) ?? [];
    let from = 0;
    for (const quote of quotes) {
      const at = text.indexOf(quote, from);
      from = at + 1;
      if (!placed.some((p) => p.at === at && p.quote === quote)) placed.push({ at, quote });
    }
    byText.set(text, placed);
  }
  return [...byText].map(([text, placed]) => ({ text, quotes: placed.sort((a, b) => a.at - b.at).map((p) => p.quote) }));
}

const { forms } = tally();
const key = (record: string, list: string, form: unknown) => `${record}|${list}|${JSON.stringify(form)}`;
const earned = new Map<string, 'warning' | 'suggestion'>();
for (const form of forms as FormTally[])
  earned.set(key(form.record.replace(/\.suggestion$/, ''), form.list, form.form), levelOf(form, forms).level);

const problems: string[] = [];
for (const ruleId of SCANNABLE_RULE_IDS) {
  const path = `${root}catalogue/signals/${ruleId}.yaml`;
  const original = readFileSync(path, 'utf8');
  const doc = parseDocument(original);
  // Forms move between lists, so an alias could come to stand before its anchor: spell each out.
  visit(doc, {
    Alias: (_, alias) => {
      const copy = (alias.resolve(doc) as Scalar | YAMLSeq | YAMLMap).clone() as Scalar | YAMLSeq | YAMLMap;
      copy.anchor = undefined;
      return copy;
    },
  });
  for (const language of LANGUAGES as readonly Language[]) {
    const record = doc.get(language) as YAMLMap;
    const id = String(record.get('id'));
    if (!record.has('suggestion')) record.set('suggestion', doc.createNode({ notes: SUGGESTION_NOTES }));
    const block = record.get('suggestion') as YAMLMap;
    let moved = 0;
    for (const list of LISTS) {
      const warningItems: unknown[] = [];
      const suggestionItems: unknown[] = [];
      for (const [from, standsAt] of [
        [record, 'warning'],
        [block, 'suggestion'],
      ] as const) {
        const seq = from.get(list, true);
        if (!isSeq(seq)) continue;
        for (const item of seq.items) {
          const value = (item as { toJSON(): unknown }).toJSON();
          const level = earned.get(key(id, list, value)) ?? standsAt;
          if (level !== standsAt) moved += 1;
          (level === 'warning' ? warningItems : suggestionItems).push(item);
        }
      }
      for (const [into, items] of [
        [record, warningItems],
        [block, suggestionItems],
      ] as const) {
        if (items.length === 0) {
          into.delete(list);
          continue;
        }
        const seq = new YAMLSeq();
        seq.items = items;
        const old = into.get(list, true);
        if (isSeq(old)) seq.flow = old.flow;
        into.set(list, seq);
      }
    }
    // A block with guards of its own keeps them, joined with the record's, so a moved form keeps every guard it had.
    for (const guard of GUARDS) {
      const own = block.get(guard, true);
      const parent = record.get(guard, true);
      if (!isMap(own) || !isMap(parent)) continue;
      const words = [...new Set([...(parent.toJSON().words as string[]), ...(own.toJSON().words as string[])])];
      const within = Math.max(Number(parent.get('within') ?? 0), Number(own.get('within') ?? 0));
      block.set(guard, doc.createNode(guard === 'notInGap' ? { words } : { words, within }, { flow: false }));
    }
    // Examples, placed by what the new records find.
    // The record and block as now written, without examples: what the two levels find.
    const written = doc.toJSON()[language] as SignalRecordSource & { suggestion?: Record<string, unknown> };
    const source = {
      ...written,
      matches: undefined,
      nonMatches: undefined,
      suggestion: written.suggestion && { ...written.suggestion, matches: undefined, nonMatches: undefined },
    } as SignalRecordSource;
    const records = levelRecordsOf(source, ruleId, language);
    const warning = records.find((r) => r.level === 'warning');
    const suggestion = records.find((r) => r.level === 'suggestion');
    const examples = mergedExamples([...((record.toJSON().matches as Example[]) ?? []), ...((block.toJSON().matches as Example[]) ?? [])]);
    const nonMatches = [
      ...new Set([...((record.toJSON().nonMatches as string[]) ?? []), ...((block.toJSON().nonMatches as string[]) ?? [])]),
    ];
    const placed = {
      warning: { matches: [] as Example[], nonMatches: [] as string[] },
      suggestion: { matches: [] as Example[], nonMatches: [] as string[] },
    };
    // What the scanner reports: both levels, a suggestion under a warning of its rule dropped.
    const reported = (text: string) =>
      withoutCoveredSuggestions(
        [
          ...found(warning, text).map((f) => ({ ...f, ruleId, level: 'warning' as const, end: f.start + f.quote.length })),
          ...found(suggestion, text).map((f) => ({ ...f, ruleId, level: 'suggestion' as const, end: f.start + f.quote.length })),
        ].sort((a, b) => a.start - b.start || a.end - b.end),
      );
    for (const example of examples) {
      const signals = reported(example.text);
      const union = signals.map((f) => f.quote);
      if (JSON.stringify(union) !== JSON.stringify(example.quotes)) {
        problems.push(`${id}: "${example.text}" lists ${JSON.stringify(example.quotes)}; the two levels report ${JSON.stringify(union)}`);
      }
      const byWarning = found(warning, example.text);
      const bySuggestion = found(suggestion, example.text);
      if (byWarning.length > 0) placed.warning.matches.push({ text: example.text, quotes: byWarning.map((f) => f.quote) });
      if (bySuggestion.length > 0) placed.suggestion.matches.push({ text: example.text, quotes: bySuggestion.map((f) => f.quote) });
    }
    // A non-match goes with each record it is a near-miss of (its forms without guards
    // would match it) and that finds nothing in it, else with the record that keeps forms.
    for (const text of nonMatches) {
      const sides = [
        { record: warning, into: placed.warning },
        { record: suggestion, into: placed.suggestion },
      ].filter((side) => side.record !== undefined);
      const clean = sides.filter((side) => found(side.record, text).length === 0);
      const near = clean.filter((side) => found(withoutGuards(side.record), text).length > 0);
      const homes = near.length > 0 ? near : clean.slice(0, 1);
      if (homes.length === 0) problems.push(`${id}: non-match "${text}" is found by every record`);
      for (const home of homes) home.into.nonMatches.push(text);
    }
    for (const [into, level] of [
      [record, 'warning'],
      [block, 'suggestion'],
    ] as const) {
      for (const field of ['matches', 'nonMatches'] as const) {
        const items = placed[level][field];
        if (items.length === 0) into.delete(field);
        else into.set(field, doc.createNode(items));
      }
    }
    if (warning && (placed.warning.matches.length < 2 || placed.warning.nonMatches.length < 2)) {
      problems.push(
        `${id}: keeps ${placed.warning.matches.length} matches and ${placed.warning.nonMatches.length} non-matches for its own forms (needs 2 each)`,
      );
    }
    if (suggestion && placed.suggestion.matches.length === 0) problems.push(`${id}.suggestion: no example finds its forms`);
    if (!suggestion) record.delete('suggestion');
    // The block after the record's own fields, its examples after its forms.
    console.log(`${id}: ${moved} forms moved; warning ${warning ? 'kept' : 'none'}, suggestion ${suggestion ? 'present' : 'none'}`);
  }
  // Long flow lists stay on one line; the folded notes keep the lines they were written in.
  writeFileSync(path, refoldNotes(doc.toString({ lineWidth: 0, flowCollectionPadding: false }), original));
}
for (const problem of problems) console.log(`PROBLEM ${problem}`);
