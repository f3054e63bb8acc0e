// A labelled set: per scannable rule, sentences with the cue a reviewer of that
// rule would quote, and near-misses that must stay silent. measure-recall.ts
// prints it per rule; lab/data/ holds the set and lab/test/recall.test.ts its pass mark.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseDocument } from 'yaml';
import * as z from 'zod';
import { LANGUAGES, SCANNABLE_RULE_IDS, type Language, type RuleId } from '../../src/core/catalogue/ids';
import type { SignalScanner } from '../../src/core/scanner/scan';

const text = z.string().trim().min(1, 'must not be empty');

const ruleEntrySchema = z.strictObject({
  cues: z.array(z.strictObject({ text, cue: text })).default([]),
  nearMisses: z.array(text).default([]),
});

export const labelledSetSchema = z.partialRecord(z.enum(SCANNABLE_RULE_IDS), ruleEntrySchema);
export type LabelledSet = z.infer<typeof labelledSetSchema>;

/** One cue the scanner missed, or one near-miss it fired on. */
export interface RecallMiss {
  readonly text: string;
  /** The cue that should have been found; absent for a near-miss alarm. */
  readonly cue?: string;
  /** What the rule's signals quoted in the text. */
  readonly quotes: readonly string[];
}

export interface RuleRecall {
  readonly ruleId: RuleId;
  readonly cues: number;
  readonly found: number;
  readonly nearMisses: number;
  readonly alarms: number;
  readonly missed: readonly RecallMiss[];
  readonly falseAlarms: readonly RecallMiss[];
}

/** The language a file name names (`….en.yaml`, `….de.yaml`), or undefined. */
export function languageOfFile(path: string): Language | undefined {
  const match = /\.(en|de)\.ya?ml$/.exec(basename(path));
  return match ? (match[1] as Language) : undefined;
}

/** Reads and validates a labelled-set file; throws with the file, field and problem. */
export function readLabelledSet(path: string): LabelledSet {
  const doc = parseDocument(readFileSync(path, 'utf8'), { uniqueKeys: true });
  if (doc.errors.length > 0) throw new Error(`${path}: not valid YAML: ${doc.errors[0]?.message.split('\n')[0]}`);
  const result = labelledSetSchema.safeParse(doc.toJS());
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  for (const [ruleId, entry] of Object.entries(result.data)) {
    entry?.cues.forEach(({ text: sentence, cue }, i) => {
      if (!sentence.includes(cue)) throw new Error(`${path}: ${ruleId}.cues.${i}.cue: "${cue}" is not part of its text`);
    });
  }
  return result.data;
}

/**
 * Recall of each rule's cues and alarms on its near-misses. A cue is found
 * when a signal of its rule overlaps the cue's first occurrence in the text;
 * a near-miss alarms when any signal of its rule fires on it.
 */
export function measureRecall(set: LabelledSet, language: Language, scan: SignalScanner): RuleRecall[] {
  if (!LANGUAGES.includes(language)) throw new Error(`language must be one of ${LANGUAGES.join(', ')}`);
  return SCANNABLE_RULE_IDS.filter((ruleId) => set[ruleId] !== undefined).map((ruleId) => {
    const entry = set[ruleId]!;
    const signalsOf = (sentence: string) => scan({ text: sentence, language, ruleIds: [ruleId] });
    const missed: RecallMiss[] = [];
    for (const { text: sentence, cue } of entry.cues) {
      const signals = signalsOf(sentence);
      const start = sentence.indexOf(cue);
      const end = start + cue.length;
      if (!signals.some((s) => s.start < end && s.end > start)) {
        missed.push({ text: sentence, cue, quotes: signals.map((s) => s.quote) });
      }
    }
    const falseAlarms: RecallMiss[] = [];
    for (const sentence of entry.nearMisses) {
      const signals = signalsOf(sentence);
      if (signals.length > 0) falseAlarms.push({ text: sentence, quotes: signals.map((s) => s.quote) });
    }
    return {
      ruleId,
      cues: entry.cues.length,
      found: entry.cues.length - missed.length,
      nearMisses: entry.nearMisses.length,
      alarms: falseAlarms.length,
      missed,
      falseAlarms,
    };
  });
}

/** Totals over rules: cues, found, near-misses and alarms. */
export function totalRecall(rows: readonly RuleRecall[]): { cues: number; found: number; nearMisses: number; alarms: number } {
  return rows.reduce(
    (sum, r) => ({
      cues: sum.cues + r.cues,
      found: sum.found + r.found,
      nearMisses: sum.nearMisses + r.nearMisses,
      alarms: sum.alarms + r.alarms,
    }),
    { cues: 0, found: 0, nearMisses: 0, alarms: 0 },
  );
}
