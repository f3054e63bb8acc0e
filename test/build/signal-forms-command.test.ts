// `npm run signal-forms` as a reviewer runs it: the forms of the records asked
// for, as catalogue/ stands (npm test has just built it, so the command reads
// the build's list), or exit code 2 naming an unknown record and the ones there
// are.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';

const script = fileURLToPath(new URL('../../scripts/signal-forms.ts', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
const SLOW_MS = 60_000;

describe('npm run signal-forms', () => {
  it(
    'prints one language of a record, or both for a rule, with every form the scanner matches',
    () => {
      const result = run('word-choice.de', 'meta-framing');
      expect(result.status).toBe(0);
      const printed = JSON.parse(result.stdout) as {
        catalogueVersion: string;
        records: { id: string; level: string; phrases: string[] }[];
      };
      expect(printed.catalogueVersion).toBe(catalogue.catalogueVersion);
      // A record's suggestion block is printed as its own record, right after it, with its level.
      expect(printed.records.map((r) => [r.id, r.level])).toEqual([
        ['meta-framing.en', 'warning'],
        ['meta-framing.en.suggestion', 'suggestion'],
        ['meta-framing.de', 'warning'],
        ['meta-framing.de.suggestion', 'suggestion'],
        ['word-choice.de', 'warning'],
        ['word-choice.de.suggestion', 'suggestion'],
      ]);
      // Levels as measured (lab/quality/form-levels.ts): "keep in mind that" is a warning, "please note" a suggestion.
      expect(printed.records[0]?.phrases).toContain('keep in mind that');
      expect(printed.records[1]?.phrases).toContain('please note');
      expect(printed.records[0]?.phrases).not.toContain('please note');
      const record = catalogue.signalRecords.find((r) => r.id === 'word-choice.de')!;
      expect(printed.records[4]).toEqual(expect.objectContaining({ id: 'word-choice.de', phrases: record.phrases }));
    },
    SLOW_MS,
  );

  it(
    'names an unknown record and the records there are, with exit code 2',
    () => {
      const result = run('word-choice.fr');
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('no signal record "word-choice.fr"; records: meta-framing, concrete-subject,');
    },
    SLOW_MS,
  );
});
