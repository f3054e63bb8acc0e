// Recall of the bundled scanner on the labelled sets in this folder, written
// from the rule meanings by someone who had not seen the phrase lists: at
// least 95 % of cues found (a signal of the rule overlaps the cue) and at most
// 10 % of near-misses raising a signal of their rule, per language.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { measureRecall, readLabelledSet, totalRecall } from '../quality/labelled-set';

const scan = createSignalScanner(catalogue.signalRecords);
const file = (language: string) => fileURLToPath(new URL(`../data/labelled-set.${language}.yaml`, import.meta.url));

describe.each(['en', 'de'] as const)('labelled set, %s', (language) => {
  const rows = measureRecall(readLabelledSet(file(language)), language, scan);
  const total = totalRecall(rows);

  it('covers every scannable rule with at least 15 cues and 8 near-misses', () => {
    expect(rows.map((r) => r.ruleId).sort()).toEqual([...SCANNABLE_RULE_IDS].sort());
    for (const row of rows) {
      expect(row.cues, row.ruleId).toBeGreaterThanOrEqual(15);
      expect(row.nearMisses, row.ruleId).toBeGreaterThanOrEqual(8);
    }
  });

  it('finds at least 95 % of the cues', () => {
    const missed = rows.flatMap((r) => r.missed.map((m) => `${r.ruleId}: ${m.cue}`));
    expect(total.found / total.cues, `missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(0.95);
  });

  it('raises a signal on at most 10 % of the near-misses', () => {
    const alarms = rows.flatMap((r) => r.falseAlarms.map((a) => `${r.ruleId}: ${a.text} ← ${a.quotes.join(' | ')}`));
    expect(total.alarms / total.nearMisses, `alarms:\n${alarms.join('\n')}`).toBeLessThanOrEqual(0.1);
  });
});

describe('measureRecall', () => {
  const set = {
    'word-choice': {
      cues: [
        { text: 'A powerful tool.', cue: 'powerful' },
        { text: 'A tool.', cue: 'tool' },
      ],
      nearMisses: ['Power users.', 'A powerful start.'],
    },
  };

  it('counts a cue as found only when a signal of its rule overlaps it, and every signalled near-miss as an alarm', () => {
    const [row] = measureRecall(set, 'en', scan);
    expect(row).toMatchObject({ ruleId: 'word-choice', cues: 2, found: 1, nearMisses: 2, alarms: 1 });
    expect(row?.missed).toEqual([{ text: 'A tool.', cue: 'tool', quotes: [] }]);
    expect(row?.falseAlarms).toEqual([{ text: 'A powerful start.', quotes: ['powerful'] }]);
  });

  it('refuses a cue that is not part of its sentence, naming the entry', () => {
    const path = fileURLToPath(new URL('fixtures/broken-labelled-set.en.yaml', import.meta.url));
    expect(() => readLabelledSet(path)).toThrow(/word-choice\.cues\.0\.cue: "sleek" is not part of its text/);
  });
});
