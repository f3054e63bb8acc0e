// Runs every scanner record of catalogue/signals/ over its own example
// sentences, with the forms the build generates (contractions, inflections,
// verb orders, pairs) and the reference semantics of RECORD_FLAGS, and checks
// the limits that keep records literal and small.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { describe, expect, it } from 'vitest';
import { compileSignalRecord, levelRecordsOf } from '../../src/core/catalogue/compile';
import { LANGUAGES, SCANNABLE_RULE_IDS } from '../../src/core/catalogue/ids';
import { signalFileSchema } from '../../src/core/catalogue/files-schema';
import { MAX_PAIR_GAP, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';

const signalsDir = fileURLToPath(new URL('../../catalogue/signals/', import.meta.url));

const records = SCANNABLE_RULE_IDS.flatMap((ruleId) => {
  const file = signalFileSchema.parse(parse(readFileSync(`${signalsDir}${ruleId}.yaml`, 'utf8')));
  // Each language's record and its suggestion block, compiled as the build compiles them.
  return LANGUAGES.flatMap((language) =>
    levelRecordsOf(file[language], ruleId, language).map((record) => {
      // The build's own compiler: forms, pairs and the guard (notAfter).
      const patterns = compileSignalRecord(record);
      return { ruleId, language, record, patterns, regex: new RegExp(patterns.source, RECORD_FLAGS) };
    }),
  );
});

const quotes = (regex: RegExp, text: string) => [...text.matchAll(regex)].map((m) => m[0]);

describe.each(records.map((r) => [r.record.id, r] as const))('%s', (_id, { ruleId, language, record, patterns, regex }) => {
  it('reports the pattern ID <rule-id>.<language>, with .suggestion for a suggestion block', () => {
    expect(record.id).toBe(record.level === 'suggestion' ? `${ruleId}.${language}.suggestion` : `${ruleId}.${language}`);
  });

  it.each(record.matches)('finds exactly the listed quotes in "$text"', ({ text, quotes: expected }) => {
    expect(quotes(regex, text)).toEqual(expected);
  });

  it.each(record.nonMatches)('finds nothing in "%s"', (text) => {
    expect(quotes(regex, text)).toEqual([]);
  });

  // A pair listed first may claim the start of a literal ("let us … break"):
  // every form must still raise a signal where it begins.
  const startsSignal = (text: string) => [...text.matchAll(regex)].some((m) => m.index === 0);

  it('raises a signal at the start of each of its literal forms', () => {
    for (const phrase of patterns.phrases) expect(startsSignal(phrase), phrase).toBe(true);
  });

  it('matches each pair with its parts side by side and with the most words allowed between them', () => {
    for (const pair of patterns.pairs) {
      const [first = '', then = ''] = [pair.first.at(-1), pair.then.at(-1)];
      const filler = Array.from({ length: pair.within }, () => 'zq').join(' ');
      expect(startsSignal(`${first} ${then}`)).toBe(true);
      const far = `${first} ${filler} ${then}`.replace(/\s+/g, ' ');
      expect(startsSignal(far), far).toBe(true);
      expect(pair.within).toBeLessThanOrEqual(MAX_PAIR_GAP);
    }
  });

  it('never lets a pair reach into the next sentence', () => {
    for (const pair of patterns.pairs) {
      const text = `${pair.first.at(-1)}. ${pair.then.at(-1)}`;
      expect(quotes(regex, text).some((q) => q.includes('.') && q.length === text.length)).toBe(false);
    }
  });

  it('keeps literal forms literal, unique and at most 60 characters', () => {
    const seen = new Set<string>();
    for (const phrase of [...patterns.phrases, ...patterns.pairs.flatMap((p) => [...p.first, ...p.then])]) {
      expect(phrase.length, phrase).toBeLessThanOrEqual(60);
      expect(phrase).not.toMatch(/[\\^$*+?()[\]{}|]/);
      expect(phrase).toBe(phrase.trim());
    }
    for (const phrase of patterns.phrases) {
      const key = phrase.toLowerCase().replace(/’/g, "'");
      expect(seen.has(key), `duplicate phrase "${phrase}"`).toBe(false);
      seen.add(key);
    }
  });

  it('compiles to a source well under 20 KiB', () => {
    expect(patterns.source.length).toBeLessThan(20 * 1024);
  });
});

describe('generated variants', () => {
  // A rule's forms stand at either level: scan with both records, as the scanner does.
  const find = (id: string) => {
    const both = records.filter((r) => r.record.id === id || r.record.id === `${id}.suggestion`);
    const { ruleId, language } = both[0]!;
    return {
      scan: (text: string) =>
        referenceScan(
          both.map((r) => r.patterns),
          { text, language, ruleIds: [ruleId] },
        ).map((s) => s.quote),
      phrases: both.flatMap((r) => r.patterns.phrases),
    };
  };

  it('matches contracted and full English forms with either apostrophe', () => {
    const { scan } = find('meta-framing.en');
    expect(scan('In this section, we will configure it.')).toEqual(['In this section, we will']);
    expect(scan('In this section, we’ll configure it.')).toEqual(['In this section, we’ll']);
    expect(find('unsupported-contrast.en').scan("It isn't merely fast.")).toEqual(["isn't merely"]);
  });

  it('inflects German adjectives from their lemma', () => {
    const { scan, phrases } = find('word-choice.de');
    expect(phrases).toEqual(
      expect.arrayContaining([
        'leistungsstark',
        'leistungsstarke',
        'leistungsstarkem',
        'leistungsstarken',
        'leistungsstarker',
        'leistungsstarkes',
      ]),
    );
    expect(scan('Ein leistungsstarkem Werkzeug.')).toEqual(['leistungsstarkem']);
  });

  it('matches German verb-second and verb-final order', () => {
    const { scan } = find('reported-evidence.de');
    expect(scan('Jetzt funktioniert der Endpunkt wie erwartet.')).toEqual(['funktioniert der Endpunkt wie erwartet']);
    expect(scan('Ich sah, dass alles wie erwartet funktioniert.')).toEqual(['wie erwartet funktioniert']);
  });

  it('flags stacked hedges only, never a single one', () => {
    const { scan } = find('calibrated-uncertainty.de');
    expect(scan('Sie müssen unter Umständen weitere Pakete installieren.')).toEqual([]);
    expect(scan('Das könnte unter Umständen helfen.')).toEqual(['könnte unter Umständen']);
  });
});
