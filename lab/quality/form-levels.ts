// Strict precision per written form, and the level it earns. A form is one
// entry a writer wrote in catalogue/signals/<rule>.yaml: a phrase, an
// adjective or attributive lemma, a verb-second family or a pair. Each judged
// signal (three verdicts, the majority counted) is given to the first form of
// its record whose own pattern matches its quote exactly.
//
// The rule: a form is a warning when its lemma's estimated share of right
// signals is at least 85 %, else a suggestion; a lemma no judge has read yet
// stays where its writer put it (a new form starts as a suggestion). A lemma is the forms of one record that
// differ only by inflection ("facilitate", "facilitates"), judged together.
// The estimate is the lemma's judged signals drawn toward its record's share
// over all the record's judged signals, as if it had PRIOR_WEIGHT more
// signals at the record's share: (right + k·p) / (judged + k).
// Judged signals: lab/data/levels-design.tsv and lab/data/levels-measure.tsv
// (manual prose and product copy) and lab/data/precision-rejudged.tsv
// (product copy). The warning level is tested on the handbooks corpus, which
// none of these come from (lab/docs/levels.md).
//
//   npx tsx lab/quality/form-levels.ts            the table, record by record
//   npx tsx lab/quality/form-levels.ts --changes  only the forms whose level differs from where they stand
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { compileSignalRecord } from '../../src/core/catalogue/compile';
import type { SignalRecordAsWritten } from '../../src/core/catalogue/compiled-types';
import { LANGUAGES, type Language, type RuleId, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { readTable } from './sample';

export const WARNING_SHARE = 0.85;
export const PRIOR_WEIGHT = 3;
const LISTS = ['phrases', 'adjectives', 'attributive', 'verbSecond', 'pairs'] as const;
type ListName = (typeof LISTS)[number];
type Level = 'warning' | 'suggestion';

/** One written form, where it stands, and the signals judged on it. */
export interface FormTally {
  readonly record: string;
  readonly list: ListName;
  readonly form: unknown;
  readonly label: string;
  /** The forms of a record with the same lemma key are judged together. */
  readonly lemma: string;
  readonly standsAt: Level;
  judged: number;
  agreed: number;
  readonly matches: (quote: string) => boolean;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

const labelOf = (list: ListName, form: unknown): string => {
  if (typeof form === 'string') return list === 'phrases' ? form : `${form} (${list})`;
  const entry = form as { verb?: string[]; rest?: string[]; first?: string[]; then?: string[]; within?: number };
  if (entry.verb) return `${entry.verb.join('|')} … ${entry.rest?.join('|')} (verbSecond)`;
  return `${entry.first?.join('|')} …${entry.within}… ${entry.then?.join('|')} (pair)`;
};

/** A word with its inflectional ending taken off, again while one comes off and four letters stay. */
function stem(word: string, language: Language): string {
  const ending = language === 'en' ? /(?:ing|ed|es|s|e)$/ : /(?:ern|ten|en|em|er|es|te|st|e|t|n|s)$/;
  let current = word.toLowerCase().replace(/['’]s$/, '');
  for (;;) {
    const shorter = current.replace(ending, '');
    if (shorter === current || shorter.length < 4) return current;
    current = shorter;
  }
}

/** What the forms of one lemma share: each word of a phrase stemmed; other forms by their label. */
export const lemmaKey = (label: string, language: Language): string =>
  label
    .split(' ')
    .map((word) => stem(word, language))
    .join(' ');

function formsOf(block: Record<string, unknown>, base: Omit<SignalRecordAsWritten, ListName>, standsAt: Level): FormTally[] {
  const record = standsAt === 'warning' ? base.id : `${base.id}.suggestion`;
  return LISTS.flatMap((list) =>
    ((block[list] as unknown[] | undefined) ?? []).map((form): FormTally => {
      const compiled = compileSignalRecord({ ...base, [list]: [form] } as SignalRecordAsWritten);
      const regex = new RegExp(compiled.source, compiled.flags.replace('g', ''));
      return {
        record,
        list,
        form,
        label: labelOf(list, form),
        lemma: `${base.id}|${list}|${lemmaKey(labelOf(list, form), base.language)}`,
        standsAt,
        judged: 0,
        agreed: 0,
        matches: (quote) => {
          const m = regex.exec(quote);
          return m !== null && m.index === 0 && m[0].length === quote.length;
        },
      };
    }),
  );
}

/** Every written form of every record, warning forms first, then each record's suggestion block. */
export function writtenForms(): FormTally[] {
  return SCANNABLE_RULE_IDS.flatMap((ruleId: RuleId) => {
    const file = parse(readFileSync(`${root}catalogue/signals/${ruleId}.yaml`, 'utf8')) as Record<Language, Record<string, unknown>>;
    return LANGUAGES.flatMap((language) => {
      const block = file[language] as Record<string, unknown>;
      const base = { id: block.id as string, ruleId, language } as Omit<SignalRecordAsWritten, ListName>;
      const suggestion = block.suggestion as Record<string, unknown> | undefined;
      return [...formsOf(block, base, 'warning'), ...(suggestion ? formsOf(suggestion, base, 'suggestion') : [])];
    });
  });
}

/** Judged lines with three verdicts: language, record, quote and the majority verdict. */
export function judgedLines(): { patternId: string; quote: string; agreed: boolean; corpus: string }[] {
  const design = readTable(`${root}lab/data/levels-design.tsv`).map((row): Record<string, string> => ({ ...row, corpus: 'manuals' }));
  const measured = readTable(`${root}lab/data/levels-measure.tsv`).map(
    (row): Record<string, string> => ({ ...row, corpus: row.corpus === 'manuals' ? 'manuals' : 'product copy' }),
  );
  const productCopy = readTable(`${root}lab/data/precision-rejudged.tsv`).map(
    (row): Record<string, string> => ({ ...row, corpus: 'product copy' }),
  );
  return [...design, ...measured, ...productCopy].map((row) => ({
    patternId: (row.patternId ?? '').replace(/\.suggestion$/, ''),
    quote: row.quote ?? '',
    agreed: row.counted === 'agree',
    corpus: row.corpus ?? '',
  }));
}

export function tally(): { forms: FormTally[]; unplaced: number } {
  const forms = writtenForms();
  let unplaced = 0;
  for (const line of judgedLines()) {
    const form = forms.find((f) => f.record.replace(/\.suggestion$/, '') === line.patternId && f.matches(line.quote));
    if (!form) {
      unplaced += 1;
      continue;
    }
    form.judged += 1;
    if (line.agreed) form.agreed += 1;
  }
  return { forms, unplaced };
}

/** The level a form earns: its own judged signals drawn toward its record's share (see the rule above). */
export function levelOf(
  form: FormTally,
  forms: readonly FormTally[],
): { level: Level; share: number; recordShare: number; lemmaJudged: number; lemmaAgreed: number } {
  const base = form.record.replace(/\.suggestion$/, '');
  const ofRecord = forms.filter((f) => f.record.replace(/\.suggestion$/, '') === base);
  const judged = ofRecord.reduce((sum, f) => sum + f.judged, 0);
  const agreed = ofRecord.reduce((sum, f) => sum + f.agreed, 0);
  // A record nobody judged gives no evidence either way: its forms stay warnings.
  if (judged === 0) return { level: 'warning', share: Number.NaN, recordShare: Number.NaN, lemmaJudged: 0, lemmaAgreed: 0 };
  const recordShare = agreed / judged;
  const lemma = ofRecord.filter((f) => f.lemma === form.lemma);
  const lemmaJudged = lemma.reduce((sum, f) => sum + f.judged, 0);
  const lemmaAgreed = lemma.reduce((sum, f) => sum + f.agreed, 0);
  const share = (lemmaAgreed + PRIOR_WEIGHT * recordShare) / (lemmaJudged + PRIOR_WEIGHT);
  const level = lemmaJudged === 0 ? form.standsAt : share >= WARNING_SHARE ? 'warning' : 'suggestion';
  return { level, share, recordShare, lemmaJudged, lemmaAgreed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { changes: { type: 'boolean', default: false } } });
  const { forms, unplaced } = tally();
  const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(0)} %`);
  console.log(`judged lines no current form matches (forms since removed): ${unplaced}`);
  console.log('| record | form | judged | right | lemma judged | lemma right | record share | estimate | earns | stands at |');
  console.log('|---|---|---:|---:|---:|---:|---:|---|---|---|');
  for (const form of forms) {
    const { level, share, recordShare, lemmaJudged, lemmaAgreed } = levelOf(form, forms);
    if (values.changes && level === form.standsAt) continue;
    console.log(
      `| ${form.record.replace(/\.suggestion$/, '')} | ${form.label} | ${form.judged} | ${form.agreed} | ${lemmaJudged} | ${lemmaAgreed} | ${pct(recordShare)} | ${pct(share)} | ${level} | ${form.standsAt} |`,
    );
  }
}
