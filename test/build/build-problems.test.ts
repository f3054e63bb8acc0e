// Each kind of broken catalogue data fails the build with a problem that names
// the file and the field; one mutation of the valid fixture per test.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../scripts/catalogue/build';
import { ruleIdsModule, ruleIdsOf } from '../../scripts/catalogue/rule-ids';
import { RULE_IDS } from '../../src/core/catalogue/ids';
import { formatProblem } from '../../scripts/catalogue/problems';
import { copyCatalogue, mutate, removeCatalogue, writeFixtureCatalogue, writeRaw } from './fixture-catalogue';

const fixture = writeFixtureCatalogue();
const roots = [fixture];
afterAll(() => roots.forEach(removeCatalogue));

/** The formatted problems of the fixture after `change`. */
/** The fixture catalogue after `change`, built. */
function buildAfter(change: (root: string) => void) {
  const root = copyCatalogue(fixture);
  roots.push(root);
  change(root);
  return { root, result: buildCatalogue(root) };
}

function problemsAfter(change: (root: string) => void): string[] {
  const root = copyCatalogue(fixture);
  roots.push(root);
  change(root);
  const result = buildCatalogue(root);
  if (result.ok) throw new Error('expected the build to fail');
  return result.problems.map(formatProblem);
}

const WORD_CHOICE = 'catalogue/rules/word-choice.yaml';
const HOUSE_STYLE = 'catalogue/sources/house-style.yaml';
const WORD_SIGNALS = 'catalogue/signals/word-choice.yaml';

// Rule IDs come from the files: a rule is its file in rules/ and its line in
// release.yaml, scanned when signals/ has a file of the same name.
describe('rule IDs from the catalogue files', () => {
  it('a new rule file and its line in release.yaml make a rule, served last, with no code changed', () => {
    const { root, result } = buildAfter((r) => {
      cpSync(join(r, WORD_CHOICE), join(r, 'catalogue/rules/plain-words.yaml'));
      mutate(r, 'catalogue/rules/plain-words.yaml', (d) => void (d.id = 'plain-words'));
      mutate(r, 'catalogue/release.yaml', (d) => void d.rules.push('plain-words'));
    });
    expect(result.ok ? result.catalogue.rules.map((rule) => rule.id).slice(-2) : result.problems.map(formatProblem)).toEqual([
      'forced-template',
      'plain-words',
    ]);
    const ids = ruleIdsOf(root);
    expect(ids.ruleIds.at(-1)).toBe('plain-words');
    expect(ids.scannableRuleIds).not.toContain('plain-words');
    expect(ruleIdsModule(ids)).toContain('  "plain-words",\n] as const;');
  });

  it('a rule without a signal file builds and is not scanned', () => {
    const { root, result } = buildAfter((r) => rmSync(join(r, WORD_SIGNALS)));
    expect(result.ok ? result.catalogue.signalRecords.map((record) => record.id) : result.problems.map(formatProblem)).not.toContain(
      'word-choice.en',
    );
    expect(result.ok).toBe(true);
    expect(ruleIdsOf(root).scannableRuleIds).not.toContain('word-choice');
  });
});

describe('the build refuses', () => {
  it('an empty text field', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.title.de = '  ')));
    expect(problems).toEqual([`${WORD_CHOICE}: title.de: must not be empty`]);
  });

  it('a missing language', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => delete d.examples.de));
    expect(problems).toEqual([`${WORD_CHOICE}: examples.de: is required`]);
  });

  it('a missing field', () => {
    const problems = problemsAfter((r) => mutate(r, HOUSE_STYLE, (d) => delete d.limits));
    expect(problems).toEqual([`${HOUSE_STYLE}: limits: is required`]);
  });

  it('an unknown field', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.antiPattern.colour = 'red')));
    expect(problems).toEqual([`${WORD_CHOICE}: antiPattern.colour: unknown field`]);
  });

  it('a value outside its list', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.severity = 'error')));
    expect(problems).toEqual([`${WORD_CHOICE}: severity: must be one of "info", "warning"`]);
  });

  it('a file that is not YAML', () => {
    const problems = problemsAfter((r) => writeRaw(r, HOUSE_STYLE, 'id: [house-style\n'));
    expect(problems).toEqual([expect.stringMatching(/^catalogue\/sources\/house-style\.yaml: not valid YAML: .* at line \d+, column \d+/)]);
  });

  it('a rule id that differs from its file name', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.id = 'repetition')));
    expect(problems).toEqual([`${WORD_CHOICE}: id: must equal the file name "word-choice"`]);
  });

  it('a source id that differs from its file name', () => {
    const problems = problemsAfter((r) => mutate(r, HOUSE_STYLE, (d) => void (d.id = 'house-guide')));
    expect(problems).toContain(`${HOUSE_STYLE}: id: must equal the file name "house-style"`);
  });

  it('a value that repeats in a list', () => {
    const problems = problemsAfter((r) =>
      mutate(r, WORD_CHOICE, (d) => void d.evidence.push({ ...d.evidence[0], relation: 'research-context' })),
    );
    expect(problems).toEqual([`${WORD_CHOICE}: evidence[1]: repeats "plain-language"`]);
  });

  it('a missing rule file', () => {
    const problems = problemsAfter((r) => rmSync(join(r, WORD_CHOICE)));
    expect(problems).toEqual([`${WORD_CHOICE}: missing: every rule listed under rules in catalogue/release.yaml needs its file`]);
  });

  it('an extra rule file', () => {
    const problems = problemsAfter((r) => cpSync(join(r, WORD_CHOICE), join(r, 'catalogue/rules/style.yaml')));
    expect(problems).toEqual([
      'catalogue/rules/style.yaml: extra file: "style" is not a rule listed under rules in catalogue/release.yaml',
      'catalogue/rules/style.yaml: id: must equal the file name "style"',
    ]);
  });

  it('a file without the .yaml extension', () => {
    const problems = problemsAfter((r) => writeRaw(r, 'catalogue/rules/notes.md', 'notes'));
    expect(problems).toEqual(['catalogue/rules/notes.md: unexpected file: catalogue files end in .yaml']);
  });

  it('a rule scope naming an unknown profile', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void d.scope.push('marketing')));
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^${WORD_CHOICE}: scope\\[1\\]: must be one of "public-docs"`))]);
  });

  it('a profile that no rule lists in its scope', () => {
    const problems = problemsAfter((r) => {
      mutate(r, 'catalogue/rules/meta-framing.yaml', (d) => void (d.scope = ['public-docs']));
      mutate(r, 'catalogue/rules/reported-evidence.yaml', (d) => void (d.scope = []));
    });
    expect(problems).toEqual(['catalogue/rules: profile "agent-report" is empty: list it in the scope of at least one rule']);
  });

  it('a profile list in release.yaml, where membership is not written', () => {
    const problems = problemsAfter((r) =>
      mutate(r, 'catalogue/release.yaml', (d) => void (d.profiles = { 'agent-report': ['meta-framing'] })),
    );
    expect(problems).toEqual(['catalogue/release.yaml: profiles: unknown field']);
  });

  it('a rule scope out of profile order', () => {
    const problems = problemsAfter((r) => mutate(r, 'catalogue/rules/meta-framing.yaml', (d) => void d.scope.reverse()));
    expect(problems).toEqual(['catalogue/rules/meta-framing.yaml: scope: must be in catalogue order: public-docs, agent-report']);
  });

  it('a rule relating to itself', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.relatedRuleIds = ['word-choice'])));
    expect(problems).toEqual([`${WORD_CHOICE}: relatedRuleIds[0]: must not name the rule itself`]);
  });

  it('a text where a list belongs', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.cues = 'habit')));
    expect(problems).toEqual([`${WORD_CHOICE}: cues: must be a list`]);
  });

  it('evidence citing an unknown source', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.evidence[0].sourceId = 'style-bible')));
    expect(problems).toEqual([`${WORD_CHOICE}: evidence[0].sourceId: unknown source "style-bible"`]);
  });

  it('a source no rule cites', () => {
    const file = 'catalogue/sources/unused-guide.yaml';
    const problems = problemsAfter((r) => {
      cpSync(join(r, HOUSE_STYLE), join(r, file));
      mutate(r, file, (d) => void (d.id = 'unused-guide'));
    });
    expect(problems).toEqual([`${file}: id: unused source: no rule or signal record cites "unused-guide"`]);
  });

  it('a source URL that is not https', () => {
    const problems = problemsAfter((r) => mutate(r, HOUSE_STYLE, (d) => void (d.url = 'http://example.org/guide')));
    expect(problems).toEqual([`${HOUSE_STYLE}: url: must be an https URL`]);
  });

  it('a signal file named for no listed rule', () => {
    const file = 'catalogue/signals/style.yaml';
    const problems = problemsAfter((r) => {
      cpSync(join(r, WORD_SIGNALS), join(r, file));
      mutate(r, file, (d) => {
        d.en.id = 'style.en';
        d.de.id = 'style.de';
      });
    });
    expect(problems).toEqual([`${file}: extra file: "style" is not a rule listed under rules in catalogue/release.yaml`]);
  });

  it('a rule listed twice in release.yaml', () => {
    const problems = problemsAfter((r) => mutate(r, 'catalogue/release.yaml', (d) => void d.rules.push('word-choice')));
    expect(problems).toEqual([`catalogue/release.yaml: rules[${RULE_IDS.length}]: repeats "word-choice"`]);
  });

  it('a related rule that is not in the catalogue', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_CHOICE, (d) => void (d.relatedRuleIds = ['plain-words'])));
    expect(problems).toEqual([`${WORD_CHOICE}: relatedRuleIds[0]: unknown rule "plain-words"`]);
  });

  it('a record id that is not <rule-id>.<lang>', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_SIGNALS, (d) => void (d.de.id = 'word-choice.en')));
    expect(problems).toEqual([`${WORD_SIGNALS}: de.id: must be "word-choice.de"`]);
  });

  it('a phrase over 60 characters or with regex syntax, naming it', () => {
    const long = 'a'.repeat(61);
    const problems = problemsAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => {
        d.en.phrases.push(long, 'five* stars');
        d.de.pairs = [{ first: ['(nicht)'], then: ['x'], within: 1 }];
      }),
    );
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.phrases[2]: must be at most 60 characters (got 61: "${long}")`,
      `${WORD_SIGNALS}: en.phrases[3]: must be literal text, without any of \\ ^ $ * + ? ( ) [ ] { } | (got "five* stars")`,
      `${WORD_SIGNALS}: de.pairs[0].first[0]: must be literal text, without any of \\ ^ $ * + ? ( ) [ ] { } | (got "(nicht)")`,
    ]);
  });

  it('a record that misses one of its own matches', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_SIGNALS, (d) => void (d.en.matches[0].text = 'Nothing here.')));
    expect(problems).toEqual([`${WORD_SIGNALS}: en.matches[0]: expected quotes ["word-choice cue"], found []`]);
  });

  it('a record that matches one of its own non-matches', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_SIGNALS, (d) => void d.de.nonMatches.push('Ein word-choice Hinweis.')));
    expect(problems).toEqual([`${WORD_SIGNALS}: de.nonMatches[2]: must not match, found ["word-choice Hinweis"]`]);
  });

  it('a suggestion block that misses its own match, matches a non-match, repeats a form of its record, names an id or lists no form', () => {
    const problems = problemsAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => {
        d.en.suggestion = {
          phrases: ['mild cue', 'word-choice cue'],
          matches: [{ text: 'No cue.', quotes: ['mild cue'] }],
          nonMatches: ['A mild cue.'],
        };
        d.de.suggestion = { notes: 'Nothing to match.' };
      }),
    );
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.suggestion.phrases[1]: also listed in en.phrases: a form has one level`,
      `${WORD_SIGNALS}: de.suggestion: must list phrases, adjectives, attributive, verbSecond or pairs`,
      `${WORD_SIGNALS}: en.suggestion.matches[0]: expected quotes ["mild cue"], found []`,
      `${WORD_SIGNALS}: en.suggestion.nonMatches[0]: must not match, found ["mild cue"]`,
    ]);
    const named = problemsAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => void (d.en.suggestion = { id: 'x', phrases: ['mild cue'], matches: [] })),
    );
    expect(named.join('\n')).toMatch(/en\.suggestion/);
    expect(named.join('\n')).toMatch(/id/);
    expect(named.join('\n')).toMatch(/matches/);
  });

  it('a phrase that repeats', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_SIGNALS, (d) => void d.en.phrases.push(' word-choice cue')));
    expect(problems).toEqual([`${WORD_SIGNALS}: en.phrases[2]: repeats "word-choice cue"`]);
  });

  it('a guard word that is more than one word, a guard reaching too far, and too many guard words', () => {
    const problems = problemsAfter((r) => {
      mutate(r, WORD_SIGNALS, (d) => void (d.en.notAfter = { words: ['not', 'is not'], within: 2 }));
      mutate(r, WORD_SIGNALS, (d) => void (d.de.notAfter = { words: Array.from({ length: 33 }, (_, i) => `nicht${i}`), within: 0 }));
    });
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.notAfter.words[1]: must be one word, without white space`,
      `${WORD_SIGNALS}: en.notAfter.within: must be at most 1`,
      `${WORD_SIGNALS}: de.notAfter.words: must list at most 32 items`,
    ]);
  });

  it('a clause guard reaching too far or with an empty word list', () => {
    const problems = problemsAfter((r) => {
      mutate(r, WORD_SIGNALS, (d) => void (d.de.notAfterInClause = { words: ['möglicherweise'], within: 7 }));
      mutate(r, WORD_SIGNALS, (d) => void (d.en.notAfterInClause = { words: [], within: 0 }));
    });
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.notAfterInClause.words: must list at least 1 item`,
      `${WORD_SIGNALS}: de.notAfterInClause.within: must be at most 6`,
    ]);
  });

  it('a forward guard reaching too far or with a phrase for a word', () => {
    const problems = problemsAfter((r) => {
      mutate(r, WORD_SIGNALS, (d) => void (d.de.notBeforeInClause = { words: ['genug'], within: 7 }));
      mutate(r, WORD_SIGNALS, (d) => void (d.en.notBeforeInClause = { words: ['enough', 'does not'], within: 1 }));
    });
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.notBeforeInClause.words[1]: must be one word, without white space`,
      `${WORD_SIGNALS}: de.notBeforeInClause.within: must be at most 6`,
    ]);
  });

  it('a gap guard with too many words, a phrase for a word, or a reach it does not take', () => {
    const problems = problemsAfter((r) => {
      mutate(r, WORD_SIGNALS, (d) => void (d.de.notInGap = { words: Array.from({ length: 33 }, (_, i) => `nicht${i}`) }));
      mutate(r, WORD_SIGNALS, (d) => void (d.en.notInGap = { words: ['not', 'does not'], within: 1 }));
    });
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.notInGap.words[1]: must be one word, without white space`,
      `${WORD_SIGNALS}: en.notInGap.within: unknown field`,
      `${WORD_SIGNALS}: de.notInGap.words: must list at most 32 items`,
    ]);
  });

  it('a numeric comparison reaching too far, with no words, a factor word with a reach or marker, or an unknown side', () => {
    const problems = problemsAfter((r) => {
      mutate(
        r,
        WORD_SIGNALS,
        (d) =>
          void (d.en.numericComparisons = [
            { words: ['faster'], number: 'before', within: 5 },
            { words: [], number: 'after', within: 0 },
          ]),
      );
      mutate(
        r,
        WORD_SIGNALS,
        (d) =>
          void (d.de.numericComparisons = [
            { words: ['halbiert'], number: 'word', within: 1, marker: ['um'] },
            { words: ['schneller'], number: 'beside', within: 0 },
          ]),
      );
    });
    expect(problems).toEqual([
      `${WORD_SIGNALS}: en.numericComparisons[0].within: must be at most 4`,
      `${WORD_SIGNALS}: en.numericComparisons[1].words: must list at least 1 item`,
      `${WORD_SIGNALS}: de.numericComparisons[0].within: must be 0 when the words name their factor (number: word; got 1)`,
      `${WORD_SIGNALS}: de.numericComparisons[0].marker: must be left out when the words name their factor (number: word)`,
      `${WORD_SIGNALS}: de.numericComparisons[1].number: must be one of "before", "after", "word"`,
    ]);
  });

  it('a numeric comparison whose examples do not hold names the example', () => {
    const problems = problemsAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => {
        d.en.numericComparisons = [{ words: ['faster'], number: 'before', within: 1 }];
        d.en.nonMatches.push('It is 3x faster.');
      }),
    );
    expect(problems).toEqual([`${WORD_SIGNALS}: en.nonMatches[2]: must not match, found ["faster"]`]);
  });

  it('a record with numeric comparisons builds, and its examples run', () => {
    const { result } = buildAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => {
        d.en.numericComparisons = [
          { words: ['faster'], number: 'before', within: 1 },
          { words: ['cuts'], number: 'after', within: 3, marker: ['by'] },
        ];
        d.en.matches.push({ text: 'It is 3x faster and cuts build time by 40 %.', quotes: ['faster', 'cuts build time by 40 %'] });
        d.en.nonMatches.push('It is faster and cuts build time by a lot, in 2 steps.');
      }),
    );
    expect(
      result.ok
        ? result.catalogue.signalRecords.find((record) => record.id === 'word-choice.en')?.numericComparisons
        : result.problems.map(formatProblem),
    ).toEqual([
      { words: ['faster'], number: 'before', within: 1 },
      { words: ['cuts'], number: 'after', within: 3, marker: ['by'] },
    ]);
  }, 240_000);

  it('a guard distance that is not a whole number', () => {
    const problems = problemsAfter((r) =>
      mutate(r, WORD_SIGNALS, (d) => void (d.en.notBeforeInClause = { words: ['enough'], within: 2.5 })),
    );
    expect(problems).toEqual([`${WORD_SIGNALS}: en.notBeforeInClause.within: must be a whole number`]);
  });

  it('a guard that would silence one of its own matches', () => {
    const problems = problemsAfter((r) => mutate(r, WORD_SIGNALS, (d) => void (d.en.notAfter = { words: ['One'], within: 0 })));
    expect(problems[0]).toMatch(
      /^catalogue\/signals\/word-choice\.yaml: en\.matches\[0\]: expected quotes \["word-choice cue"\], found \[\]$/,
    );
  });

  it('and reports every problem, not only the first', () => {
    const problems = problemsAfter((r) => {
      mutate(r, WORD_CHOICE, (d) => void (d.title.en = ''));
      mutate(r, HOUSE_STYLE, (d) => void (d.url = 'ftp://example.org'));
      mutate(r, WORD_SIGNALS, (d) => void (d.en.id = 'word-choice'));
    });
    expect(problems).toEqual([
      `${WORD_CHOICE}: title.en: must not be empty`,
      `${HOUSE_STYLE}: url: must be an https URL`,
      `${WORD_SIGNALS}: en.id: must be "word-choice.en"`,
    ]);
  });
});
