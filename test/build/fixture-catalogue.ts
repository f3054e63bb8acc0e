// A small, valid catalogue written to a temp folder, and helpers to break one
// file of it. The build tests run scripts/catalogue/build.ts on these folders.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { LANGUAGES, PROFILE_IDS, RULE_IDS, SCANNABLE_RULE_IDS, type RuleId } from '../../src/core/catalogue/ids';

/** The fixture's profiles; the rules' `scope` is written from them, and the build derives them back. */
export const PROFILES: Record<(typeof PROFILE_IDS)[number], RuleId[]> = {
  'public-docs': ['reader-goal', 'current-state', 'meta-framing'],
  'technical-reference': ['current-state', 'word-choice'],
  'product-copy': ['reader-goal', 'claims-evidence'],
  'agent-report': ['meta-framing', 'reported-evidence'],
};

const SOURCES = ['house-style', 'plain-language'] as const;

function both(en: string, de: string) {
  return { en, de };
}

function rule(id: RuleId, index: number) {
  return {
    id,
    category: 'wording',
    severity: 'info',
    scope: PROFILE_IDS.filter((p) => PROFILES[p].includes(id)),
    title: both(`Rule ${id}`, `Regel ${id}`),
    antiPattern: {
      name: both(`The ${id} habit`, `Die Gewohnheit ${id}`),
      symptom: both('A sentence shows the habit.', 'Ein Satz zeigt die Gewohnheit.'),
      readerCost: both('The reader rereads the sentence.', 'Wer liest, liest den Satz zweimal.'),
    },
    prompt: both(`Flag sentences that break ${id}.`, `Markiere Sätze, die gegen ${id} verstoßen.`),
    examples: {
      en: { before: 'Before text.', after: 'After text.', keep: 'Kept text.', condition: 'When the facts stay.' },
      de: { before: 'Text vorher.', after: 'Text nachher.', keep: 'Bleibt so.', condition: 'Wenn die Fakten bleiben.' },
    },
    falsePositives: ['A quotation of the habit.'],
    trigger: 'The habit appears.',
    cues: ['habit'],
    evidence: [{ sourceId: SOURCES[index % SOURCES.length], relation: 'editorial-derivation' }],
  };
}

function source(id: string) {
  return {
    id,
    kind: 'style-guide',
    title: `Guide ${id}`,
    url: `https://example.org/${id}`,
    accessedAt: '2026-11-29',
    locator: 'Chapter 1',
    supports: 'Plain words.',
    limits: 'English only.',
  };
}

function signalRecord(ruleId: RuleId, language: 'en' | 'de') {
  const cue = language === 'en' ? `${ruleId} cue` : `${ruleId} Hinweis`;
  return {
    id: `${ruleId}.${language}`,
    phrases: [cue, `${cue}s`],
    matches: [
      { text: `One ${cue} here.`, quotes: [cue] },
      { text: `${cue.toUpperCase()}, then ${cue}s.`, quotes: [cue.toUpperCase(), `${cue}s`] },
    ],
    nonMatches: [`No ${ruleId} here.`, `A ${cue}sx glued.`],
  };
}

function write(root: string, file: string, data: unknown): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), stringify(data));
}

/** Writes the valid fixture catalogue into a new temp folder and returns the folder. */
export function writeFixtureCatalogue(): string {
  const root = mkdtempSync(join(tmpdir(), 'catalogue-fixture-'));
  write(root, 'catalogue/release.yaml', { release: '2026.01', rules: RULE_IDS });
  RULE_IDS.forEach((id, i) => {
    write(root, `catalogue/rules/${id}.yaml`, rule(id, i));
  });
  for (const id of SOURCES) write(root, `catalogue/sources/${id}.yaml`, source(id));
  for (const id of SCANNABLE_RULE_IDS) {
    write(root, `catalogue/signals/${id}.yaml`, Object.fromEntries(LANGUAGES.map((l) => [l, signalRecord(id, l)])));
  }
  return root;
}

/** A copy of `root` in a new temp folder. */
export function copyCatalogue(root: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'catalogue-mutant-'));
  cpSync(root, copy, { recursive: true });
  return copy;
}

/** Rewrites one YAML file of `root` through `change`, which edits the parsed data in place. */
export function mutate(root: string, file: string, change: (data: any) => void): void {
  const data = parse(readFileSync(join(root, file), 'utf8'));
  change(data);
  write(root, file, data);
}

export function writeRaw(root: string, file: string, text: string): void {
  writeFileSync(join(root, file), text);
}

export function removeCatalogue(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
