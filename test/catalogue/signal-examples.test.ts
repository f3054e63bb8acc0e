// Runs every scanner record of catalogue/signals/ over its own example
// sentences, with the reference semantics of compilePhrases and RECORD_FLAGS,
// and checks the limits that keep records literal, small and apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { signalFileSchema, type SignalRecordSource } from '../../src/core/catalogue/schema';
import { compilePhrases, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';

const signalsDir = fileURLToPath(new URL('../../catalogue/signals/', import.meta.url));

const files = SCANNABLE_RULE_IDS.map((ruleId) => ({
  ruleId,
  file: signalFileSchema.parse(parse(readFileSync(`${signalsDir}${ruleId}.yaml`, 'utf8'))),
}));

const records = files.flatMap(({ ruleId, file }) =>
  LANGUAGES.map((language) => ({ ruleId, language, record: file[language] })),
);

function quotes(record: SignalRecordSource, text: string): string[] {
  const regex = new RegExp(compilePhrases(record.phrases), RECORD_FLAGS);
  return [...text.matchAll(regex)].map((m) => m[0]);
}

describe.each(records.map((r) => [r.record.id, r] as const))('%s', (_id, { ruleId, language, record }) => {
  it('reports the pattern ID <rule-id>.<language>', () => {
    expect(record.id).toBe(`${ruleId}.${language}`);
  });

  it.each(record.matches)('finds exactly the listed quotes in "$text"', ({ text, quotes: expected }) => {
    expect(quotes(record, text)).toEqual(expected);
  });

  it.each(record.nonMatches)('finds nothing in "%s"', (text) => {
    expect(quotes(record, text)).toEqual([]);
  });

  it('matches each of its phrases as written, whole', () => {
    for (const phrase of record.phrases) expect(quotes(record, phrase)).toEqual([phrase]);
  });

  it('keeps phrases literal, unique and at most 60 characters', () => {
    const seen = new Set<string>();
    for (const phrase of record.phrases) {
      expect(phrase.length).toBeLessThanOrEqual(60);
      expect(phrase).not.toMatch(/[\\^$*+?()[\]{}|]/);
      expect(phrase).toBe(phrase.trim());
      const key = phrase.toLowerCase().replace(/’/g, "'");
      expect(seen.has(key), `duplicate phrase "${phrase}"`).toBe(false);
      seen.add(key);
    }
  });

  it('compiles to a source well under 20 KiB', () => {
    expect(compilePhrases(record.phrases).length).toBeLessThan(20 * 1024);
  });
});

describe.each(LANGUAGES)('records of language %s', (language) => {
  const own = records.filter((r) => r.language === language);

  it("do not flag each other's phrases, so each cue belongs to one rule", () => {
    for (const { record } of own) {
      for (const other of own) {
        if (other.record === record) continue;
        for (const phrase of record.phrases) {
          expect(quotes(other.record, phrase), `${other.record.id} on "${phrase}"`).toEqual([]);
        }
      }
    }
  });
});

describe('word-choice.en', () => {
  it('flags "powerful" in "A powerful review panel."', () => {
    const record = records.find((r) => r.record.id === 'word-choice.en')!.record;
    expect(quotes(record, 'A powerful review panel.')).toEqual(['powerful']);
  });
});
