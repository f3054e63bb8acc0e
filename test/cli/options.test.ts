import { describe, expect, it } from 'vitest';
import { RULE_IDS, SCANNABLE_RULE_IDS, createWritingToolDispatcher } from '../../src/core/index';
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
      'check',
      '--language',
      'de',
      '--profile',
      'product-copy',
      '--rules',
      'word-choice, claims-evidence',
      '--format',
      'sarif',
      '--max-signals',
      '7',
      '--exit-zero',
      '--config',
      'x.json',
      '--stdin-name',
      'a.md',
      'docs',
      '-',
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
    expect(command).toMatchObject({
      settings: { language: 'en', profile: 'public-docs', rules: ['meta-framing'], format: 'json' },
      configFile: null,
    });
    expect(parseCommand(['check'])).toMatchObject({ paths: [], settings: {}, configFile: undefined });
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand(['-v'])).toEqual({ command: 'version' });
  });

  it('names the option and its bound for a bad value', () => {
    expect(usageError(['check', '--language', 'fr'])).toBe(`--language must be one of 'en', 'de' (got 'fr')`);
    expect(usageError(['check', '--profile', 'blog'])).toMatch(/^--profile must be one of 'public-docs', .* \(got 'blog'\)$/);
    expect(usageError(['check', '--format', 'xml'])).toBe(
      `--format must be one of 'text', 'json', 'sarif', 'rdjson', 'github' (got 'xml')`,
    );
    for (const value of ['0', '501', '2.5', 'ten', '-1']) {
      expect(usageError(['check', `--max-signals=${value}`])).toBe(`--max-signals must be an integer from 1 to 500 (got '${value}')`);
    }
  });

  it('names each unknown rule ID, a close catalogue ID, and the rules the check scans', () => {
    const scanned = `The check scans ${SCANNABLE_RULE_IDS.join(', ')}; the other ${RULE_IDS.length - SCANNABLE_RULE_IDS.length} catalogue rules are accepted but find nothing`;
    expect(usageError(['check', '--rules', 'word-choice,nope'])).toBe(`--rules 'nope' is not a catalogue rule. ${scanned}`);
    expect(usageError(['check', '--rules', 'Word-Choise,nope,meta-framing,nope'])).toBe(
      `--rules 'Word-Choise' (did you mean 'word-choice'?), 'nope' are not catalogue rules. ${scanned}`,
    );
    expect(usageError(['check', '--rules', 'word-choice,word-choice'])).toBe(`--rules must not repeat 'word-choice'`);
    expect(usageError(['check', '--rules', ','])).toBe(`--rules must name at least one rule. ${scanned}`);
    // The rule list is not quoted back, and no ID outside the scanned ones is listed.
    expect(usageError(['check', '--rules', 'nope'])).not.toMatch(/reader-goal|word-choice,nope/);
  });

  it('words an unknown rule ID as the HTTP API and MCP do', async () => {
    const answer = await createWritingToolDispatcher().dispatch({
      name: 'find_writing_signals',
      arguments: { text: '', ruleIds: ['nope'] },
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-arguments', message: "ruleIds[0] 'nope' is not a catalogue rule" } });
    expect(usageError(['check', '--rules', 'nope'])).toContain("'nope' is not a catalogue rule");
  });

  it('refuses unknown options, commands and conflicting options', () => {
    expect(usageError(['check', '--colour'])).toBe("Unknown option '--colour'");
    expect(usageError([])).toMatch(/^missing command/);
    expect(usageError(['lint'])).toBe(`unknown command 'lint': the commands are 'check' and 'mcp'`);
    expect(usageError(['check', '--config', 'a.json', '--no-config'])).toBe('--config and --no-config exclude each other');
    expect(usageError(['check', '-', '-'])).toBe("'-' (standard input) may be given once");
    expect(usageError(['check', '--stdin-name', ' '])).toBe('--stdin-name must not be empty');
    expect(usageError(['check', '--stdin-name', 'a.md', 'docs'])).toBe("--stdin-name names standard input, so the paths must include '-'");
    expect(usageError(['check', '--rules', 'word-choice,,meta-framing'])).toBe(
      "--rules must be rule IDs separated by single commas, none empty (got 'word-choice,,meta-framing')",
    );
    expect(usageError(['check', '--rules', 'word-choice,'])).toMatch(/^--rules must be rule IDs separated by single commas/);
    expect(usageError(['check', '--language'])).toMatch(/--language/);
  });
});
