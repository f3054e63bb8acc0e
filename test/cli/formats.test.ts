// Each output format against its official schema or a checked example.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty } from '../../src/cli/formats/annotations';
import { pathToUriReference } from '../../src/cli/formats/sarif';
import { SCANNABLE_RULE_IDS, catalogueVersion } from '../../src/core/index';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { reviewdogDiagnosticResultSchema } from './fixtures/reviewdog-diagnostic-result-schema';
import { DE_WORD, EN_META, EN_WORD, run, title, tree } from './helpers';

const require = createRequire(import.meta.url);
// SARIF's schema uses patterns that are not valid under the `u` flag. Its
// `format` keywords (uri, date-time) are left unchecked, as draft-04 allows;
// the URIs this command writes have their own test below.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false });
const sarifSchema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
const validateSarif = ajv.compile(sarifSchema);
const validateRdjson = ajv.compile(reviewdogDiagnosticResultSchema);

/** A tree with an English and a German file, a line with characters outside ASCII, and an unreadable file. */
function sampleTree(): string {
  return tree({
    'writing-rules.config.json': JSON.stringify({ overrides: [{ files: ['de/**'], language: 'de' }] }),
    'docs/guide one.md': `# Guide\n\nGrüße 😀 ${EN_WORD}, and ${EN_META}\nit is fine.\n`,
    'de/anleitung.md': `Es ist ${DE_WORD}.\n`,
    'docs/clean.md': 'Plain.\n',
    'docs/binary.md': new Uint8Array([0, 1, 2]),
  });
}

describe('sarif', () => {
  it('validates against the official SARIF 2.1.0 schema, with rules, regions and offsets', async () => {
    const dir = sampleTree();
    const result = await run(dir, ['check', '--format', 'sarif', 'docs', 'de']);
    expect(result.code).toBe(2);
    const sarif = JSON.parse(result.stdout);
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    const [runOutput] = sarif.runs;
    expect(runOutput.columnKind).toBe('utf16CodeUnits');
    expect(runOutput.tool.driver).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
    expect(runOutput.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(SCANNABLE_RULE_IDS);
    const wordChoice = catalogue.rules.find((rule) => rule.id === 'word-choice');
    const descriptor = runOutput.tool.driver.rules.find((rule: { id: string }) => rule.id === 'word-choice');
    const sourceUrls = wordChoice?.evidence.map(({ sourceId }) => catalogue.sources.find((s) => s.id === sourceId)?.url);
    expect(descriptor).toMatchObject({
      shortDescription: { text: wordChoice?.title.en },
      fullDescription: { text: wordChoice?.prompt.en },
      helpUri: sourceUrls?.[0],
      properties: { sources: sourceUrls },
    });
    expect(runOutput.originalUriBaseIds.SRCROOT.uri).toBe(pathToFileURL(`${dir}/`).href);

    const results = runOutput.results as {
      ruleId: string;
      ruleIndex: number;
      locations: { physicalLocation: { artifactLocation: object; region: object } }[];
    }[];
    expect(results.map((r) => r.ruleId)).toEqual(['word-choice', 'meta-framing', 'word-choice']);
    expect(results[0]?.ruleIndex).toBe(SCANNABLE_RULE_IDS.indexOf('word-choice'));
    expect(results[0]?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'docs/guide%20one.md', uriBaseId: 'SRCROOT' },
      // "# Guide\n\n" is 9 units; "Grüße 😀 " is 9 (the emoji counts 2).
      region: { startLine: 3, startColumn: 10, endLine: 3, endColumn: 18, charOffset: 18, charLength: 8, snippet: { text: EN_WORD } },
    });
    // The quote "keep in mind that" ends on the same line; the German file's title is German.
    expect(results[2]?.locations[0]?.physicalLocation.artifactLocation).toEqual({ uri: 'de/anleitung.md', uriBaseId: 'SRCROOT' });
    expect(JSON.stringify(results[2])).toContain(title('word-choice', 'de'));
    expect(runOutput.invocations[0]).toEqual({
      executionSuccessful: false,
      toolExecutionNotifications: [
        {
          level: 'error',
          message: { text: 'docs/binary.md is binary (contains a NUL byte), not text' },
          locations: [{ physicalLocation: { artifactLocation: { uri: 'docs/binary.md', uriBaseId: 'SRCROOT' } } }],
        },
      ],
    });
  });

  it('gives a quote across lines its end line and column', async () => {
    const dir = tree({ 'a.md': 'Well, keep in\n  mind that.\n' });
    const sarif = JSON.parse((await run(dir, ['check', '--format', 'sarif', 'a.md'])).stdout);
    expect(validateSarif(sarif)).toBe(true);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).toMatchObject({
      startLine: 1,
      startColumn: 7,
      endLine: 2,
      endColumn: 12,
      charOffset: 6,
      charLength: 19,
    });
  });

  it('declares the line breaks its line numbers count, a lone CR among them', async () => {
    // "\r" ends a line for the scanner, so "stunning" is on line 2; SARIF's default is only \r\n and \n.
    const dir = tree({ 'a.txt': `First line.\rA ${EN_WORD} setup.\r\n` });
    const sarif = JSON.parse((await run(dir, ['check', '--format', 'sarif', 'a.txt'])).stdout);
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    expect(sarif.runs[0].newlineSequences).toEqual(['\r\n', '\n', '\r']);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).toMatchObject({ startLine: 2, startColumn: 3, charOffset: 14 });
  });

  it('places standard input under %SRCROOT% in results and notifications alike when it has a --stdin-name, and under no base without one', async () => {
    const dir = tree({});
    const sarifFor = async (args: string[], stdin: string | Uint8Array) => {
      const sarif = JSON.parse((await run(dir, ['check', '--format', 'sarif', ...args, '-'], { stdin })).stdout);
      expect(validateSarif(sarif), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
      return sarif.runs[0];
    };
    const binary = new Uint8Array([0x41, 0x00, 0x42]);
    type Located = { locations: { physicalLocation: { artifactLocation: object } }[] }[];
    const resultAt = (runOutput: { results: Located }) => runOutput.results[0]?.locations[0]?.physicalLocation.artifactLocation;
    const notificationAt = (runOutput: { invocations: { toolExecutionNotifications: Located }[] }) =>
      runOutput.invocations[0]?.toolExecutionNotifications[0]?.locations[0]?.physicalLocation.artifactLocation;
    const named = { uri: 'docs/my%20draft.md', uriBaseId: 'SRCROOT' };
    expect(resultAt(await sarifFor(['--stdin-name', 'docs/my draft.md'], `A ${EN_WORD} setup.\n`))).toEqual(named);
    expect(notificationAt(await sarifFor(['--stdin-name', 'docs/my draft.md'], binary))).toEqual(named);
    expect(resultAt(await sarifFor([], `A ${EN_WORD} setup.\n`))).toEqual({ uri: '-' });
    expect(notificationAt(await sarifFor([], binary))).toEqual({ uri: '-' });
  });

  it('stays valid with no files and no results', async () => {
    const sarif = JSON.parse((await run(tree({}), ['check', '--format', 'sarif'])).stdout);
    expect(validateSarif(sarif)).toBe(true);
    expect(sarif.runs[0].results).toEqual([]);
  });

  it('percent-encodes each path segment of a URI', () => {
    expect(pathToUriReference('docs/a b#1?.md')).toBe('docs/a%20b%231%3F.md');
    expect(pathToUriReference('../x/ü.md')).toBe('../x/%C3%BC.md');
  });
});

describe('rdjson', () => {
  it("validates against reviewdog's DiagnosticResult schema, with UTF-8 byte columns", async () => {
    const dir = sampleTree();
    const output = JSON.parse((await run(dir, ['check', '--format', 'rdjson', 'docs'])).stdout);
    expect(validateRdjson(output), JSON.stringify(validateRdjson.errors, null, 2)).toBe(true);
    const url = catalogue.sources.find((s) => s.id === catalogue.rules.find((r) => r.id === 'word-choice')?.evidence[0]?.sourceId)?.url;
    expect(output.source).toEqual({ name: 'writing-rules' });
    expect(output.diagnostics[0]).toEqual({
      message: `"stunning": ${title('word-choice')}. Needs a reviewer's judgment.`,
      location: {
        path: 'docs/guide one.md',
        // "Grüße 😀 " is 13 bytes in UTF-8: ü and ß 2 each, the emoji 4.
        range: { start: { line: 3, column: 14 }, end: { line: 3, column: 22 } },
      },
      severity: 'WARNING',
      code: { value: 'word-choice', url },
    });
    expect(output.diagnostics[1].location.range).toEqual({ start: { line: 3, column: 28 }, end: { line: 3, column: 45 } });
  });
});

describe('github', () => {
  it('escapes %, CR and LF in messages, and also : and , in properties', () => {
    expect(escapeData('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab: c, d');
    expect(escapeProperty('100% a\r\nb: c, d')).toBe('100%25 a%0D%0Ab%3A c%2C d');
  });

  it('writes a warning per warning signal and an error per unreadable file', async () => {
    const dir = tree({ 'docs/a,b: c.md': `Well, keep in\n mind that: ${EN_WORD}.\n`, 'bad.md': new Uint8Array([0]) });
    const result = await run(dir, ['check', '--format', 'github', 'docs', 'bad.md']);
    const lines = result.stdout.split('\n');
    const meta = catalogue.rules.find((rule) => rule.id === 'meta-framing');
    const word = catalogue.rules.find((rule) => rule.id === 'word-choice');
    expect(lines[0]).toBe(
      `::warning file=docs/a%2Cb%3A c.md,line=1,col=7,endLine=2,title=meta-framing%3A ${escapeProperty(meta?.title.en ?? '')}::` +
        `"keep in\\n mind that": ${escapeData(meta?.prompt.en ?? '')}`,
    );
    expect(lines[1]).toBe(
      `::warning file=docs/a%2Cb%3A c.md,line=2,col=13,endLine=2,endColumn=21,title=word-choice%3A ${escapeProperty(word?.title.en ?? '')}::` +
        `"stunning": ${escapeData(word?.prompt.en ?? '')}`,
    );
    expect(lines[2]).toBe('::error file=bad.md,title=writing-rules::bad.md is binary (contains a NUL byte), not text');
    expect(lines[3]).toBe('2 signals in 1 of 1 file; 1 path could not be checked');
    // No line may break a command: every message is one line.
    expect(lines).toHaveLength(5);
  });
});

describe('json', () => {
  it("gives each file's signals and coverage as find_writing_signals does, with the catalogue version", async () => {
    const dir = tree({ 'a.md': `${EN_WORD}\n`, 'b.txt': 'Plain.\n' });
    const output = JSON.parse((await run(dir, ['check', '--format', 'json', 'a.md', 'b.txt', 'missing.md'])).stdout);
    expect(output).toEqual({
      catalogueVersion,
      files: [
        {
          path: 'a.md',
          language: 'en',
          mode: 'markdown',
          pieces: 1,
          signals: [
            {
              ruleId: 'word-choice',
              patternId: 'word-choice.en',
              level: 'warning',
              kind: 'surface-cue',
              quote: EN_WORD,
              start: 0,
              end: 8,
              encoding: 'utf16',
              reviewRequired: true,
              line: 1,
              column: 1,
            },
          ],
          coverage: {
            language: 'en',
            scannedRuleIds: SCANNABLE_RULE_IDS,
            unscannedRuleIds: catalogue.rules
              .map((rule) => rule.id)
              .filter((id) => !(SCANNABLE_RULE_IDS as readonly string[]).includes(id)),
            semanticReviewRequired: true,
            maxSignals: 500,
            truncated: false,
            signalsByLevel: { warning: 1, suggestion: 0 },
            format: 'markdown',
            notScannedUnits: { code: 0, markup: 0, url: 0, frontMatter: 0 },
            suppressedSignals: 0,
            directiveProblems: [],
            omittedDirectiveProblems: 0,
          },
        },
        { path: 'b.txt', language: 'en', mode: 'text', pieces: 1, signals: [], coverage: expect.objectContaining({ truncated: false }) },
      ],
      problems: [{ path: 'missing.md', message: 'does not exist' }],
      summary: { filesChecked: 2, filesWithSignals: 1, signals: 1, problems: 1 },
    });
  });
});

// "Please note" is a suggestion-level cue, "stunning" a warning-level one: the
// command reports warnings only by default, and each format marks the level.
describe('levels', () => {
  const SUGGESTION = 'Please note';
  const text = `${SUGGESTION} the panel is ${EN_WORD}.\n`;
  const levelRun = (format: string, extra: string[] = []) => run(tree({ 'a.md': text }), ['check', '--format', format, ...extra, 'a.md']);

  it('hides suggestions by default and shows them with --min-level suggestion, in text and json', async () => {
    const byDefault = await levelRun('text');
    expect(byDefault.stdout).toContain(`a.md:1:26  warning  word-choice  "${EN_WORD}"`);
    expect(byDefault.stdout).not.toContain(SUGGESTION);
    const all = await levelRun('text', ['--min-level', 'suggestion']);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain(`a.md:1:1  suggestion  meta-framing  "${SUGGESTION}"`);
    expect(all.stdout).toContain(`a.md:1:26  warning  word-choice  "${EN_WORD}"`);
    const json = JSON.parse((await levelRun('json', ['--min-level', 'suggestion'])).stdout);
    expect(json.files[0].signals.map((s: { quote: string; level: string }) => [s.quote, s.level])).toEqual([
      [SUGGESTION, 'suggestion'],
      [EN_WORD, 'warning'],
    ]);
    expect(json.files[0].coverage.signalsByLevel).toEqual({ warning: 1, suggestion: 1 });
    // A text with suggestions only passes by default: nothing is reported.
    const onlySuggestion = await run(tree({ 'b.md': `${SUGGESTION} it works.\n` }), ['check', 'b.md']);
    expect(onlySuggestion.code).toBe(0);
  });

  it('maps warning to SARIF warning and suggestion to note, valid under the official schema', async () => {
    const sarif = JSON.parse((await levelRun('sarif', ['--min-level', 'suggestion'])).stdout);
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
    const results = sarif.runs[0].results as { ruleId: string; level: string; properties: { patternId: string; signalLevel: string } }[];
    expect(results.map((r) => [r.ruleId, r.level, r.properties.signalLevel])).toEqual([
      ['meta-framing', 'note', 'suggestion'],
      ['word-choice', 'warning', 'warning'],
    ]);
    expect(results[0]?.properties.patternId).toBe('meta-framing.en.suggestion');
  });

  it('maps warning to ::warning and suggestion to ::notice for GitHub, and to WARNING and INFO for reviewdog', async () => {
    const github = (await levelRun('github', ['--min-level', 'suggestion'])).stdout.split('\n');
    expect(github[0]).toMatch(/^::notice file=a\.md,line=1,col=1,endLine=1,endColumn=12,title=meta-framing%3A /);
    expect(github[1]).toMatch(/^::warning file=a\.md,line=1,col=26,endLine=1,endColumn=34,title=word-choice%3A /);
    const rdjson = JSON.parse((await levelRun('rdjson', ['--min-level', 'suggestion'])).stdout);
    expect(validateRdjson(rdjson), JSON.stringify(validateRdjson.errors, null, 2)).toBe(true);
    expect(rdjson.diagnostics.map((d: { code: { value: string }; severity: string }) => [d.code.value, d.severity])).toEqual([
      ['meta-framing', 'INFO'],
      ['word-choice', 'WARNING'],
    ]);
  });

  it('takes minLevel from the config file, and the command line wins', async () => {
    const dir = tree({ 'a.md': text, 'writing-rules.config.json': JSON.stringify({ minLevel: 'suggestion' }) });
    const fromConfig = await run(dir, ['check', 'a.md']);
    expect(fromConfig.stdout).toContain(`"${SUGGESTION}"`);
    const overridden = await run(dir, ['check', '--min-level', 'warning', 'a.md']);
    expect(overridden.stdout).not.toContain(`"${SUGGESTION}"`);
  });

  it('refuses a bad --min-level or config minLevel with exit code 2, naming the flag or field and the values', async () => {
    const flag = await levelRun('text', ['--min-level', 'notice']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("--min-level must be one of 'warning', 'suggestion' (got 'notice')");
    const config = await run(tree({ 'a.md': text, 'writing-rules.config.json': JSON.stringify({ minLevel: 'info' }) }), ['check', 'a.md']);
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/minLevel must be one of 'warning', 'suggestion'/);
  });
});
