import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../src/cli/options';
import { UsageError } from '../../src/cli/settings';

const usageError = (argv: string[]): string => {
  try {
    parseCommand(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`no error for ${argv.join(' ')}`);
};

describe('parseCommand', () => {
  it('reads every option into settings', () => {
    const command = parseCommand([
      'check', '--language', 'de', '--profile', 'product-copy', '--rules', 'word-choice, claims-evidence',
      '--format', 'sarif', '--max-signals', '7', '--exit-zero', '--config', 'x.json', '--stdin-name', 'a.md', 'docs', '-',
    ]);
    expect(command).toEqual({
      command: 'check',
      paths: ['docs', '-'],
      settings: {
        language: 'de',
        profile: 'product-copy',
        rules: ['word-choice', 'claims-evidence'],
        format: 'sarif',
        maxSignals: 7,
        failOnSignals: false,
      },
      configFile: 'x.json',
      stdinName: 'a.md',
    });
  });

  it('takes the short forms and --no-config', () => {
    const command = parseCommand(['check', '-l', 'en', '-p', 'public-docs', '-r', 'meta-framing', '-f', 'json', '--no-config']);
    expect(command).toMatchObject({ settings: { language: 'en', profile: 'public-docs', rules: ['meta-framing'], format: 'json' }, configFile: null });
    expect(parseCommand(['check'])).toMatchObject({ paths: [], settings: {}, configFile: undefined });
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand(['-v'])).toEqual({ command: 'version' });
  });

  it('names the option and its bound for a bad value', () => {
    expect(usageError(['check', '--language', 'fr'])).toBe(`--language must be one of 'en', 'de' (got "fr")`);
    expect(usageError(['check', '--profile', 'blog'])).toMatch(/^--profile must be one of 'public-docs', .* \(got "blog"\)$/);
    expect(usageError(['check', '--rules', 'word-choice,nope'])).toMatch(/^--rules must be a list of unique rule IDs .* \(got "word-choice,nope"\)$/);
    expect(usageError(['check', '--rules', 'word-choice,word-choice'])).toMatch(/^--rules must be a list of unique rule IDs/);
    expect(usageError(['check', '--rules', ','])).toMatch(/^--rules must be/);
    expect(usageError(['check', '--format', 'xml'])).toBe(`--format must be one of 'text', 'json', 'sarif', 'rdjson', 'github' (got "xml")`);
    for (const value of ['0', '501', '2.5', 'ten', '-1']) {
      expect(usageError(['check', `--max-signals=${value}`])).toBe(`--max-signals must be an integer from 1 to 500 (got "${value}")`);
    }
  });

  it('refuses unknown options, commands and conflicting options', () => {
    expect(usageError(['check', '--colour'])).toBe("Unknown option '--colour'");
    expect(usageError([])).toMatch(/^missing command/);
    expect(usageError(['lint'])).toBe(`unknown command "lint": the only command is 'check'`);
    expect(usageError(['check', '--config', 'a.json', '--no-config'])).toBe('--config and --no-config exclude each other');
    expect(usageError(['check', '-', '-'])).toBe("'-' (standard input) may be given once");
    expect(usageError(['check', '--stdin-name', ' '])).toBe('--stdin-name must not be empty');
    expect(usageError(['check', '--language'])).toMatch(/--language/);
  });
});
