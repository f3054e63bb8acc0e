// The command end to end in process: exit codes, standard input, the
// directory walk, input problems, colour, progress and the per-file settings.
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueVersion } from '../../src/core/index';
import { DE_META, DE_WORD, EN_META, EN_WORD, run, title, tree } from './helpers';

const WORD = title('word-choice');
const META = title('meta-framing');
const WORT = title('word-choice', 'de');

describe('exit codes', () => {
  it('exits 0 when nothing was reported, 1 on signals, 0 on signals with --exit-zero', async () => {
    const dir = tree({ 'clean.md': 'Plain words.\n', 'flagged.md': `A ${EN_WORD} setup.\n` });
    expect(await run(dir, ['check', 'clean.md'])).toEqual({ code: 0, stdout: '0 signals in 0 of 1 file\n', stderr: '' });
    const flagged = await run(dir, ['check', 'flagged.md']);
    expect(flagged.code).toBe(1);
    expect((await run(dir, ['check', '--exit-zero', 'flagged.md'])).code).toBe(0);
  });

  it('exits 2 with the message and a hint on a usage error, and checks nothing', async () => {
    const dir = tree({ 'flagged.md': `A ${EN_WORD} setup.\n` });
    const result = await run(dir, ['check', '--format', 'xml', 'flagged.md']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `writing-rules: --format must be one of 'text', 'json', 'sarif', 'rdjson', 'github' (got 'xml')\nRun 'writing-rules --help' for usage.\n`,
    });
  });

  it('prints help and the catalogue version with exit 0', async () => {
    const dir = tree({});
    const help = await run(dir, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: writing-rules check \[options\] \[paths\.\.\.\]/);
    expect(await run(dir, ['--version'])).toEqual({ code: 0, stdout: `writing-rules, catalogue ${catalogueVersion}\n`, stderr: '' });
  });

  it('exits 2 before reading any file when profile and rules do not fit together, naming the rule and where each came from', async () => {
    const dir = tree({ 'a.md': 'x\n' });
    const result = await run(dir, ['check', '--profile', 'public-docs', '--rules', 'word-choice', 'a.md', 'missing.md']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "writing-rules: rules 'word-choice' is not in profile 'public-docs' (rules from --rules, profile from --profile)\nRun 'writing-rules --help' for usage.\n",
    });
  });

  it('finds a conflict inside one config override before any file is read, whichever files are named', async () => {
    const config = JSON.stringify({
      rules: ['word-choice'],
      overrides: [
        { files: ['sub/**'], profile: 'technical-reference' },
        { files: ['de/**'], profile: 'public-docs' },
      ],
    });
    const dir = tree({ 'writing-rules.config.json': config, 'a.md': 'x\n' });
    const result = await run(dir, ['check', 'a.md']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(
      "writing-rules: rules 'word-choice' is not in profile 'public-docs' (rules from writing-rules.config.json: rules, profile from writing-rules.config.json: overrides[1].profile)",
    );
  });

  it('stops reading an endless or oversized input at the bound and names it', async () => {
    const dir = tree({ 'big.md': 'word '.repeat(30) });
    const big = await run(dir, ['check', 'big.md', '-'], { stdin: 'x'.repeat(120), maxInputBytes: 100 });
    expect(big.code).toBe(2);
    expect(big.stderr).toBe(
      'writing-rules: big.md is larger than 100 bytes, the most one input may hold\nwriting-rules: - is larger than 100 bytes, the most one input may hold\n',
    );
    // A device is read in chunks, stopping at the first NUL byte rather than at its (endless) end.
    const zero = await run(dir, ['check', '/dev/zero']);
    expect(zero.stderr).toBe('writing-rules: /dev/zero is binary (contains a NUL byte), not text\n');
  });

  it('takes an input of exactly the bound and refuses one byte more', async () => {
    const dir = tree({ 'at.txt': 'a'.repeat(100), 'over.txt': 'a'.repeat(101) });
    expect(await run(dir, ['check', 'at.txt', '-'], { stdin: 'b'.repeat(100), maxInputBytes: 100 })).toMatchObject({ code: 0, stderr: '' });
    const over = await run(dir, ['check', 'over.txt', '-'], { stdin: 'b'.repeat(101), maxInputBytes: 100 });
    expect(over.stderr).toBe(
      'writing-rules: over.txt is larger than 100 bytes, the most one input may hold\nwriting-rules: - is larger than 100 bytes, the most one input may hold\n',
    );
  });
});

describe('text output', () => {
  it('prints path:line:column, rule, quote and title per signal, grouped by file, then a summary', async () => {
    const dir = tree({
      'docs/a.md': `First line.\nSecond: ${EN_META} it is ${EN_WORD}.\n`,
      'docs/b.txt': `${EN_WORD}\n`,
      'docs/c.md': 'Nothing here.\n',
    });
    const result = await run(dir, ['check', 'docs']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        `docs/a.md:2:9  warning  meta-framing  "keep in mind that"  ${META}`,
        `docs/a.md:2:33  warning  word-choice  "stunning"  ${WORD}`,
        '',
        `docs/b.txt:1:1  warning  word-choice  "stunning"  ${WORD}`,
        '',
        "3 signals in 2 of 3 files. Each signal needs a reviewer's judgment.",
        '',
      ].join('\n'),
    );
  });

  it('colours only on a TTY, and not when NO_COLOR is set', async () => {
    const dir = tree({ 'a.md': `${EN_WORD}\n` });
    const plain = await run(dir, ['check', 'a.md']);
    const tty = await run(dir, ['check', 'a.md'], { stdoutTTY: true });
    const noColor = await run(dir, ['check', 'a.md'], { stdoutTTY: true, env: { NO_COLOR: '1' } });
    const emptyNoColor = await run(dir, ['check', 'a.md'], { stdoutTTY: true, env: { NO_COLOR: '' } });
    expect(plain.stdout).not.toContain('\u001b[');
    expect(tty.stdout).toContain('\u001b[33mword-choice\u001b[0m');
    expect(tty.stdout.replace(/\u001b\[\d+m/g, '')).toBe(plain.stdout);
    expect(noColor.stdout).toBe(plain.stdout);
    // NO_COLOR counts only when set to a non-empty value.
    expect(emptyNoColor.stdout).toBe(tty.stdout);
  });

  it('says when a file had more signals than --max-signals and shows the first ones', async () => {
    const dir = tree({ 'a.md': `${EN_WORD} ${EN_WORD} ${EN_WORD}\n` });
    const result = await run(dir, ['check', '--max-signals', '2', 'a.md']);
    expect(result.stdout).toBe(
      [
        `a.md:1:1  warning  word-choice  "stunning"  ${WORD}`,
        `a.md:1:10  warning  word-choice  "stunning"  ${WORD}`,
        'a.md: more signals than --max-signals 2; the first 2 are shown',
        '',
        "2 signals in 1 of 1 file. Each signal needs a reviewer's judgment.",
        '',
      ].join('\n'),
    );
  });
});

describe('inputs', () => {
  it('reads standard input for -, under --stdin-name when given', async () => {
    const dir = tree({});
    const plain = await run(dir, ['check', '-'], { stdin: `Well, ${EN_WORD}.\n` });
    expect(plain.stdout.split('\n')[0]).toBe(`-:1:7  warning  word-choice  "stunning"  ${WORD}`);
    const named = await run(dir, ['check', '--stdin-name', 'notes/draft.md', '-'], { stdin: `${EN_WORD}\n` });
    expect(named.stdout.split('\n')[0]).toBe(`notes/draft.md:1:1  warning  word-choice  "stunning"  ${WORD}`);
  });

  it('walks directories for the documented extensions, skipping node_modules and dot-directories', async () => {
    const files = Object.fromEntries(
      [
        'a.md',
        'b.markdown',
        'c.mdx',
        'd.html',
        'e.htm',
        'f.txt',
        'G.MD',
        'x.js',
        'y.json',
        'sub/deep/h.md',
        'node_modules/p/README.md',
        '.git/i.md',
        'sub/.hidden/j.md',
      ].map((path) => [path, `${EN_WORD}\n`]),
    );
    const dir = tree(files);
    const result = await run(dir, ['check', '--format', 'json', '.']);
    const paths = (JSON.parse(result.stdout) as { files: { path: string }[] }).files.map((file) => file.path);
    expect(paths).toEqual(['G.MD', 'a.md', 'b.markdown', 'c.mdx', 'd.html', 'e.htm', 'f.txt', 'sub/deep/h.md']);
    // A file named directly is checked whatever its extension; no path means the current directory.
    const direct = await run(dir, ['check', '--format', 'json', 'x.js', 'node_modules/p/README.md']);
    expect((JSON.parse(direct.stdout) as { files: { path: string }[] }).files.map((file) => file.path)).toEqual([
      'x.js',
      'node_modules/p/README.md',
    ]);
    const none = await run(dir, ['check', '--format', 'json']);
    expect(JSON.parse(none.stdout)).toEqual(JSON.parse(result.stdout));
  });

  it('names binary, non-UTF-8, missing and unreadable paths on stderr, checks the rest and exits 2', async () => {
    const dir = tree({
      'good.md': `${EN_WORD}\n`,
      'image.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0d, 0x0a]),
      'latin1.txt': new Uint8Array([0x47, 0x72, 0xfc, 0x6e, 0x0a]),
    });
    // A symbolic link to itself cannot be opened (ELOOP), whoever runs the test.
    symlinkSync(join(dir, 'loop.md'), join(dir, 'loop.md'));
    const result = await run(dir, ['check', 'image.md', 'latin1.txt', 'missing.md', 'loop.md', 'good.md']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        'writing-rules: missing.md does not exist',
        'writing-rules: loop.md is a loop of symbolic links',
        'writing-rules: image.md is binary (contains a NUL byte), not text',
        'writing-rules: latin1.txt is not UTF-8 text',
        '',
      ].join('\n'),
    );
    expect(result.stdout).toBe(
      `good.md:1:1  warning  word-choice  "stunning"  ${WORD}\n\n` +
        "1 signal in 1 of 1 file; 4 paths could not be checked. Each signal needs a reviewer's judgment.\n",
    );
    // Exit 2 wins over "no signals" too.
    expect((await run(dir, ['check', 'missing.md'])).code).toBe(2);
    expect((await run(dir, ['check', '-'], { stdin: new Uint8Array([0xff, 0xfe, 0x00]) })).stderr).toBe(
      'writing-rules: - is binary (contains a NUL byte), not text\n',
    );
  });
});

it('names a walked file whose name is not UTF-8 as not checked, and writes control characters in names as \\u{…}', async () => {
  const dir = tree({ 'good.md': `${EN_WORD}\n`, 'esc\u001b[31m.md': `${EN_WORD}\n` });
  // A name in Latin-1 (café.md) cannot be made through a string path: write it through a byte path.
  writeFileSync(Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), `${EN_WORD}\n`);
  const result = await run(dir, ['check', '.']);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('writing-rules: caf\\xe9.md has a name that is not UTF-8, so it was not checked; rename it\n');
  expect(result.stdout).toBe(
    `esc\\u{1b}[31m.md:1:1  warning  word-choice  "stunning"  ${WORD}\n\ngood.md:1:1  warning  word-choice  "stunning"  ${WORD}\n\n` +
      "2 signals in 2 of 2 files; 1 path could not be checked. Each signal needs a reviewer's judgment.\n",
  );
});

it('reads a UTF-8 file with a byte order mark as the text after it', async () => {
  const dir = tree({ 'bom.txt': new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(`${EN_WORD}\n`)]) });
  const output = JSON.parse((await run(dir, ['check', '--format', 'json', 'bom.txt'])).stdout);
  expect(output.files[0].signals[0]).toMatchObject({ quote: EN_WORD, start: 0, line: 1, column: 1 });
});

describe('settings per file', () => {
  it('applies --language, --rules and --profile', async () => {
    const dir = tree({ 'de.md': `Es ist ${DE_WORD}. ${DE_META}: ${EN_WORD}.\n` });
    const german = await run(dir, ['check', '--language', 'de', '--format', 'json', 'de.md']);
    const signals = (JSON.parse(german.stdout) as { files: { signals: { quote: string }[] }[] }).files[0]?.signals;
    expect(signals?.map((signal) => signal.quote)).toEqual([DE_WORD, DE_META]);
    const onlyMeta = await run(dir, ['check', '--language', 'de', '--rules', 'meta-framing', '--format', 'json', 'de.md']);
    const meta = JSON.parse(onlyMeta.stdout) as { files: { signals: { ruleId: string }[]; coverage: { scannedRuleIds: string[] } }[] };
    expect(meta.files[0]?.signals.map((signal) => signal.ruleId)).toEqual(['meta-framing']);
    expect(meta.files[0]?.coverage.scannedRuleIds).toEqual(['meta-framing']);
    const profile = await run(dir, ['check', '--language', 'de', '--profile', 'public-docs', '--format', 'json', 'de.md']);
    const scanned = (JSON.parse(profile.stdout) as { files: { coverage: { scannedRuleIds: string[] } }[] }).files[0]?.coverage
      .scannedRuleIds;
    expect(scanned).toEqual(['meta-framing', 'calibrated-uncertainty']);
  });

  it('checks a mixed English and German tree in one command with a config file', async () => {
    const dir = tree({
      'writing-rules.config.json': JSON.stringify({
        language: 'en',
        overrides: [{ files: ['docs/de/**'], language: 'de' }],
        ignore: ['docs/generated/**'],
      }),
      'docs/en/guide.md': `It is ${EN_WORD}. Es ist ${DE_WORD}.\n`,
      'docs/de/anleitung.md': `It is ${EN_WORD}. Es ist ${DE_WORD}.\n`,
      'docs/generated/api.md': `${EN_WORD}\n`,
    });
    const result = await run(dir, ['check', 'docs']);
    expect(result.stdout).toBe(
      [
        `docs/de/anleitung.md:1:24  warning  word-choice  "leistungsstark"  ${WORT}`,
        '',
        `docs/en/guide.md:1:7  warning  word-choice  "stunning"  ${WORD}`,
        '',
        "2 signals in 2 of 2 files. Each signal needs a reviewer's judgment.",
        '',
      ].join('\n'),
    );
    // The command line wins over the config file.
    const forced = await run(dir, ['check', '--language', 'en', '--format', 'json', 'docs']);
    expect((JSON.parse(forced.stdout) as { files: { language: string }[] }).files.map((file) => file.language)).toEqual(['en', 'en']);
    // Standard input takes the override of its --stdin-name.
    const stdin = await run(dir, ['check', '--stdin-name', 'docs/de/neu.md', '-'], { stdin: `${DE_WORD}\n` });
    expect(stdin.stdout.split('\n')[0]).toBe(`docs/de/neu.md:1:1  warning  word-choice  "leistungsstark"  ${WORT}`);
  });
});

describe('progress line', () => {
  it('appears on a TTY stderr for long runs and is cleared at the end; never elsewhere', async () => {
    const files = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${String(i).padStart(2, '0')}.md`, 'Plain.\n']));
    const dir = tree(files);
    let clock = 0;
    const tty = await run(dir, ['check', '.'], { stderrTTY: true, now: () => (clock += 60) });
    expect(tty.stderr).toMatch(/^\r\u001b\[Kchecking 1 of 25 files/);
    expect(tty.stderr).toContain('checking 25 of 25 files');
    expect(tty.stderr.endsWith('\r\u001b[K')).toBe(true);
    expect((await run(dir, ['check', '.'])).stderr).toBe('');
    const short = tree({ 'a.md': 'Plain.\n' });
    expect((await run(short, ['check', '.'], { stderrTTY: true })).stderr).toBe('');
  });
});

describe('inputs that used to hang or mislead', () => {
  it('refuses a named pipe on the command line and as the config file at once, instead of waiting for a writer', async () => {
    const dir = tree({ 'good.md': `${EN_WORD}\n` });
    execFileSync('mkfifo', [join(dir, 'pipe.md'), join(dir, 'pipe.json')]);
    const started = performance.now();
    const named = await run(dir, ['check', 'pipe.md', 'good.md']);
    expect(named.code).toBe(2);
    expect(named.stderr).toBe(
      'writing-rules: pipe.md is a named pipe or socket, not a file; send its content to standard input (-) instead\n',
    );
    const config = await run(dir, ['check', '-c', 'pipe.json', 'good.md']);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('pipe.json: the config file is a named pipe or socket, not a file');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('writes ESC, BEL and U+202E in a file name as \\u{…} in --format github, as the text output does', async () => {
    const name = 'a\u001b[31m\u0007\u202Eb.md';
    const dir = tree({ [name]: `${EN_WORD}\n` });
    const result = await run(dir, ['check', '--format', 'github', '.']);
    expect(result.stdout).toContain('::warning file=a\\u{1b}[31m\\u{7}\\u{202e}b.md,line=1');
    expect(result.stdout).not.toMatch(/[\u0007\u001b\u202e]/);
  });

  it('names a file whose name is not UTF-8 by its own bytes in SARIF (%E9), not by its escaped spelling', async () => {
    const dir = tree({ 'docs/good.md': `${EN_WORD}\n` });
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/docs/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), `${EN_WORD}\n`);
    const sarif = JSON.parse((await run(dir, ['check', '--format', 'sarif', '.'])).stdout) as {
      runs: {
        invocations: { toolExecutionNotifications: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
      }[];
    };
    const notifications = sarif.runs[0]?.invocations[0]?.toolExecutionNotifications ?? [];
    expect(notifications.map((n) => n.locations[0]?.physicalLocation.artifactLocation.uri)).toEqual(['docs/caf%E9.md']);
  });
});
