// Each cue belongs to one rule, so a user sees one signal for it. Two records
// of a language may share a cue only when no profile runs both rules: then a
// user who picks a profile still sees the cue once, under the rule the profile
// is about ("blazing fast" is word-choice in technical-reference and
// claims-evidence in product-copy). Every literal form and every pair of a
// record is scanned with each other record of its language.
import { describe, expect, it } from 'vitest';
import { loadSignalRecords } from '../support/catalogue-records';
import { profilesOf } from '../../scripts/catalogue/build';
import { loadCatalogue } from '../../scripts/catalogue/load';
import { ProblemList } from '../../scripts/catalogue/problems';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import type { RuleId } from '../../src/core/catalogue/ids';

const root = new URL('../..', import.meta.url).pathname;
const records = loadSignalRecords();
const profiles = profilesOf(loadCatalogue(root, new ProblemList()).rules.map((r) => r.data));

/** The profiles that run both rules. */
const sharedProfiles = (a: RuleId, b: RuleId) =>
  Object.entries(profiles)
    .filter(([, rules]) => rules.includes(a) && rules.includes(b))
    .map(([id]) => id);

/** Every text the record is written to match: its forms, and each pair's first part right before its second. */
const textsOf = (record: CompiledSignalRecord) => [
  ...record.phrases,
  ...(record.pairs ?? []).flatMap((pair) => pair.first.flatMap((first) => pair.then.map((then) => `${first} ${then}`))),
];

/**
 * `other.id on "text" of record.id's "text"` for each text of `record` that
 * `other` matches whole: the same cue in two lists. (A match inside a longer
 * form is no such thing: "that is what caused" is a vague subject and "is what
 * caused" an unexplained cause, two findings about one sentence.)
 */
function overlaps(record: CompiledSignalRecord, other: CompiledSignalRecord): string[] {
  const whole = new RegExp(`^(?:${other.source})$`, other.flags.replace('g', ''));
  return textsOf(record)
    .filter((text) => whole.test(text))
    .map((text) => `${other.id} on "${text}" of ${record.id}'s "${text}"`);
}

describe('cues shared between records', () => {
  it('occur only between rules that no profile runs together', () => {
    const found: string[] = [];
    for (const record of records) {
      for (const other of records) {
        // A rule's warning and suggestion records may share a cue: the scanner reports it once, as a warning (level-overlap.ts).
        if (other === record || other.language !== record.language || other.ruleId === record.ruleId) continue;
        const both = sharedProfiles(record.ruleId, other.ruleId);
        if (both.length > 0) found.push(...overlaps(record, other).map((line) => `${line} (both in ${both.join(', ')})`));
      }
    }
    expect(found).toEqual([]);
  }, 60_000);

  it('are found by the check: a cue of one rule given to another in the same profile fails it', () => {
    const contrast = records.find((r) => r.ruleId === 'unsupported-contrast' && r.language === 'en')!;
    const claims = records.find((r) => r.ruleId === 'claims-evidence' && r.language === 'en')!;
    expect(sharedProfiles(contrast.ruleId, claims.ruleId)).toContain('product-copy');
    const withClaim = { ...contrast, phrases: [...contrast.phrases, 'the fastest'] };
    expect(overlaps(withClaim, claims)).toContain(`${claims.id} on "the fastest" of ${contrast.id}'s "the fastest"`);
  });
});
