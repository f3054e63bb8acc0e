import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIG_FILE_NAMES, globMatcher } from '../../src/cli/config';
import { EN_WORD, run, tree } from './helpers';

describe('globMatcher', () => {
  it.each([
    ['docs/de/**', 'docs/de/a.md', true],
    ['docs/de/**', 'docs/de/x/y/a.md', true],
    ['docs/de/**', 'docs/dex/a.md', false],
    ['docs/*.md', 'docs/a.md', true],
    ['docs/*.md', 'docs/x/a.md', false],
    ['docs/**/*.md', 'docs/a.md', true],
    ['docs/**/*.md', 'docs/x/y/a.md', true],
    ['*.de.md', 'a.de.md', true],
    ['*.de.md', 'docs/deep/a.de.md', true],
    ['*.de.md', 'a.en.md', false],
    ['./README.md', 'README.md', true],
    ['/README.md', 'docs/README.md', false],
    ['a?.md', 'ab.md', true],
    ['a?.md', 'a/.md', false],
    ['docs/(x).md', 'docs/(x).md', true],
    ['docs/(x).md', 'docs/x.md', false],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(globMatcher(pattern)(path)).toBe(expected);
  });
});

describe('config file', () => {
  const flagged = { 'a.md': `${EN_WORD} ${EN_WORD}\n` };

  it('is read from writing-rules.config.json, then .writing-rules.json; --config and --no-config choose', async () => {
    expect(CONFIG_FILE_NAMES).toEqual(['writing-rules.config.json', '.writing-rules.json']);
    const first = tree({ ...flagged, 'writing-rules.config.json': '{"format":"json"}', '.writing-rules.json': '{"format":"github"}' });
    expect((await run(first, ['check', 'a.md'])).stdout).toMatch(/^\{/);
    const second = tree({ ...flagged, '.writing-rules.json': '{"format":"github"}' });
    expect((await run(second, ['check', 'a.md'])).stdout).toMatch(/^::warning /);
    const named = tree({ ...flagged, 'ci/rules.json': '{"format":"rdjson"}', '.writing-rules.json': '{"format":"github"}' });
    expect((await run(named, ['check', '--config', 'ci/rules.json', 'a.md'])).stdout).toMatch(/^\{"source"/);
    expect((await run(named, ['check', '--no-config', 'a.md'])).stdout).toMatch(/^a\.md:1:1 /);
  });

  it('sets maxSignals, failOnSignals and rules as defaults, which options override', async () => {
    const dir = tree({
      ...flagged,
      'writing-rules.config.json': JSON.stringify({ maxSignals: 1, failOnSignals: false, rules: ['meta-framing'] }),
    });
    const quiet = await run(dir, ['check', 'a.md']);
    expect(quiet).toMatchObject({ code: 0, stdout: '0 signals in 0 of 1 file\n' });
    const overridden = await run(dir, ['check', '--rules', 'word-choice', '--format', 'json', 'a.md']);
    expect(overridden.code).toBe(0);
    const file = (
      JSON.parse(overridden.stdout) as { files: { signals: unknown[]; coverage: { truncated: boolean; maxSignals: number } }[] }
    ).files[0];
    expect(file?.signals).toHaveLength(1);
    expect(file?.coverage).toMatchObject({ truncated: true, maxSignals: 1 });
  });

  it('later overrides win, and globs are relative to the config file', async () => {
    const config = {
      overrides: [
        { files: ['docs/**'], language: 'de' },
        { files: ['docs/en/**', '*.en.md'], language: 'en' },
      ],
    };
    const dir = tree({
      'writing-rules.config.json': JSON.stringify(config),
      'docs/a.md': 'x\n',
      'docs/en/b.md': 'x\n',
      'docs/c.en.md': 'x\n',
    });
    const result = await run(dir, ['check', '--format', 'json', 'docs']);
    const languages = (JSON.parse(result.stdout) as { files: { path: string; language: string }[] }).files.map(
      (f) => `${f.path}=${f.language}`,
    );
    expect(languages).toEqual(['docs/a.md=de', 'docs/c.en.md=en', 'docs/en/b.md=en']);
  });

  it.each([
    ['{', /^writing-rules\.config\.json: not valid JSON \(/],
    ['[]', /^writing-rules\.config\.json: must be a JSON object$/],
    ['{"langauge":"de"}', /^writing-rules\.config\.json: unknown field 'langauge'; known fields: \$schema, language, profile/],
    ['{"language":"fr"}', /^writing-rules\.config\.json: language must be one of 'en', 'de' \(got 'fr'\)$/],
    ['{"maxSignals":0}', /^writing-rules\.config\.json: maxSignals must be an integer from 1 to 500 \(got 0\)$/],
    ['{"failOnSignals":"no"}', /^writing-rules\.config\.json: failOnSignals must be true or false \(got 'no'\)$/],
    ['{"rules":["word-choice","x"]}', /^writing-rules\.config\.json: rules 'x' is not a catalogue rule\. The check scans meta-framing, /],
    [
      '{"overrides":[{"files":["a"],"rules":["word-choise","word-choise"]}]}',
      /^writing-rules\.config\.json: overrides\[0\]\.rules 'word-choise' \(did you mean 'word-choice'\?\) is not a catalogue rule\. /,
    ],
    ['{"rules":["word-choice","word-choice"]}', /^writing-rules\.config\.json: rules must not repeat 'word-choice'$/],
    ['{"rules":"word-choice"}', /^writing-rules\.config\.json: rules must be a list of unique catalogue rule IDs \(got 'word-choice'\)$/],
    ['{"ignore":[""]}', /^writing-rules\.config\.json: ignore\[0\] must be a list of non-empty globs/],
    [
      '{"overrides":[{"files":["docs/**"],"language":"fr"}]}',
      /^writing-rules\.config\.json: overrides\[0\]\.language must be one of 'en', 'de' \(got 'fr'\)$/,
    ],
    [
      '{"overrides":[{"files":[],"language":"de"}]}',
      /^writing-rules\.config\.json: overrides\[0\]\.files must be a list of non-empty globs/,
    ],
    [
      '{"overrides":[{"files":["a"],"format":"json"}]}',
      /^writing-rules\.config\.json: unknown field 'format' in overrides\[0\]; known fields: files, language, profile, rules$/,
    ],
  ])('refuses %s with exit 2 and a message naming the field', async (content, message) => {
    const dir = tree({ ...flagged, 'writing-rules.config.json': content });
    const result = await run(dir, ['check', 'a.md']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toMatch(new RegExp(`^writing-rules: ${message.source.slice(1)}`));
  });

  it('names a --config file that cannot be read', async () => {
    const dir = tree(flagged);
    const result = await run(dir, ['check', '--config', 'nope.json', 'a.md']);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('writing-rules: nope.json: the config file does not exist');
  });

  it('reads the config file as the checked files are: a byte order mark dropped, not UTF-8 or binary refused, nothing raw echoed', async () => {
    const withBom = tree({ ...flagged, 'writing-rules.config.json': '\uFEFF{"format":"json"}' });
    expect((await run(withBom, ['check', 'a.md'])).stdout).toMatch(/^\{/);
    const latin1 = tree({ ...flagged, 'writing-rules.config.json': Buffer.from('{"ignore":["caf\xe9/**"]}', 'latin1') });
    expect((await run(latin1, ['check', 'a.md'])).stderr.split('\n')[0]).toBe(
      'writing-rules: writing-rules.config.json: the config file is not UTF-8 text',
    );
    const binary = tree({ ...flagged, 'c.json': new Uint8Array([0x7b, 0x00, 0x1b, 0x5b, 0x33, 0x31, 0x6d]) });
    expect((await run(binary, ['check', '-c', 'c.json', 'a.md'])).stderr.split('\n')[0]).toBe(
      'writing-rules: c.json: the config file is binary (contains a NUL byte), not text',
    );
    const control = tree({ ...flagged, 'c.json': '{"format":\u001b[31m}' });
    const message = (await run(control, ['check', '-c', 'c.json', 'a.md'])).stderr;
    expect(message).toMatch(/^writing-rules: c\.json: not valid JSON \(/);
    expect(message).not.toContain('\u001b');
    expect(message).toContain('\\u{1b}');
  });
});

/** The matcher as it was, a backtracking regex: the reference for ordinary patterns. */
function regexpReference(pattern: string): (path: string) => boolean {
  const anchored = pattern.includes('/');
  const body = pattern.replace(/^\.\//, '').replace(/^\//, '');
  const glob = anchored ? body : `**/${body}`;
  let source = '';
  for (let at = 0; at < glob.length; at++) {
    const char = glob[at] as string;
    if (char === '*' && glob[at + 1] === '*') {
      const slashAfter = glob[at + 2] === '/';
      source += slashAfter ? '(?:[^/]*/)*' : '.*';
      at += slashAfter ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  const regexp = new RegExp(`^${source}$`, 'u');
  return (path) => regexp.test(path);
}

describe('globMatcher without backtracking', () => {
  it('matches an adversarial pattern against a long name at once (the regex ran past 20 s)', () => {
    const name = `gl/${'a'.repeat(60)}.md`;
    const started = performance.now();
    expect(globMatcher('*a*a*a*a*a*a*a*ab')(name)).toBe(false);
    expect(globMatcher('**/**/**/**/**/**/**/x')(`${'a/'.repeat(200)}y`)).toBe(false);
    expect(globMatcher('*a*a*a*a*a*a*a*a.md')(name)).toBe(true);
    // Generous: the linear matcher takes well under a millisecond here.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('agrees with the regex it replaces on ordinary patterns and paths', () => {
    const piece = fc.constantFrom('a', 'b', '.', '/', '*', '**', '**/', '?', '(', '[', 'ä', '😀');
    const pathPiece = fc.constantFrom('a', 'b', '.', '/', 'ab', 'ä', '😀', '(', '[');
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join('')),
        fc.array(pathPiece, { maxLength: 12 }).map((pieces) => pieces.join('')),
        (pattern, path) => {
          expect(globMatcher(pattern)(path)).toBe(regexpReference(pattern)(path));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
