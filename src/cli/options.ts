// Command-line parsing: `writing-rules check [options] [paths…]`. Values are
// checked against the same setting table as the config file; every problem is
// a UsageError naming the option and its bound.
import { parseArgs } from 'node:util';
import { echo } from '../core/input-checks/echo';
import { SETTINGS, UsageError, type PartialSettings } from './settings';

export interface CheckCommand {
  readonly command: 'check';
  /** Files, directories or `-`; empty means the current directory. */
  readonly paths: readonly string[];
  readonly settings: PartialSettings;
  /** `--config FILE`; null for `--no-config`; undefined to look up the default names. */
  readonly configFile: string | null | undefined;
  /** The name standard input is reported under, and whose extension picks its format. */
  readonly stdinName: string | undefined;
}

/** `writing-rules mcp`: the host context from flags; the config file's `mcp` section fills the rest. */
export interface McpCommand {
  readonly command: 'mcp';
  readonly audience: string | undefined;
  readonly goal: string | undefined;
  readonly modelIds: readonly string[] | undefined;
  readonly cohortIds: readonly string[] | undefined;
  /** As given, relative to the working directory. */
  readonly evidenceDir: string | undefined;
  readonly configFile: string | null | undefined;
}

export type Command = CheckCommand | McpCommand | { readonly command: 'help' } | { readonly command: 'version' };

export const HELP = `Usage: writing-rules check [options] [paths...]
       writing-rules mcp [options]

Checks Markdown, HTML and text files for writing signals: phrases that often
mark a writing problem and need a reviewer's judgment.

Paths are files, directories (searched for .md .markdown .mdx .html .htm .txt,
skipping node_modules and dot-directories) or - for standard input.
Without paths, the current directory is checked. The extension picks how a
file is read: Markdown (.md .markdown .mdx), HTML (.html .htm), else text.
Settings also come from writing-rules.config.json or .writing-rules.json.

Options:
  -l, --language en|de     language of the texts (default en)
  -p, --profile ID         check the rules of a review profile:
                           public-docs, technical-reference, product-copy, agent-report
  -r, --rules a,b          check only these rules
  -f, --format NAME        text, json, sarif, rdjson or github (default text)
      --max-signals N      most signals per file, 1 to 500 (default 500)
      --min-level LEVEL    warning or suggestion: the lowest level reported
                           (default warning; suggestion adds the cues that
                           are common and often fine)
      --exit-zero          exit 0 even when signals were reported
  -c, --config FILE        read settings from FILE
      --no-config          ignore writing-rules.config.json and .writing-rules.json
      --stdin-name NAME    name for standard input in reports; its extension picks the mode
  -h, --help               show this help
  -v, --version            show the catalogue version

Exit codes: 0 no signals, 1 signals reported, 2 usage, config or input error.

writing-rules mcp serves the four tools to a local MCP client over standard
input and output (newline-delimited JSON-RPC), logs to standard error, writes
no file, and exits 0 at the end of its input. The config file's "mcp" section
sets the same values as these options:
      --audience TEXT      the review audience (with --goal)
      --goal TEXT          the review goal (with --audience)
      --model-ids a,b      model IDs evidence may name
      --cohort-ids a,b     cohort IDs a call may ask evidence for
      --evidence-dir DIR   read evidence files (*.json) from DIR once at start
  -c, --config FILE        read the mcp section from FILE
      --no-config          ignore writing-rules.config.json and .writing-rules.json
`;

const OPTIONS = {
  language: { type: 'string', short: 'l' },
  profile: { type: 'string', short: 'p' },
  rules: { type: 'string', short: 'r' },
  format: { type: 'string', short: 'f' },
  'max-signals': { type: 'string' },
  'min-level': { type: 'string' },
  'exit-zero': { type: 'boolean' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  'stdin-name': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

const MCP_OPTIONS = {
  audience: { type: 'string' },
  goal: { type: 'string' },
  'model-ids': { type: 'string' },
  'cohort-ids': { type: 'string' },
  'evidence-dir': { type: 'string' },
  config: { type: 'string', short: 'c' },
  'no-config': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses the arguments after the program name. Throws UsageError. */
export function parseCommand(argv: readonly string[]): Command {
  if (argv[0] === 'mcp') return parseMcpCommand(argv.slice(1));
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(readableParseError(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (values.version) return { command: 'version' };
  const [command, ...paths] = positionals;
  if (command === undefined) throw new UsageError('missing command: use `writing-rules check [paths...]`');
  if (command !== 'check') throw new UsageError(`unknown command ${echo(command)}: the commands are 'check' and 'mcp'`);
  if (values.config !== undefined && values['no-config']) throw new UsageError('--config and --no-config exclude each other');
  if (paths.filter((path) => path === '-').length > 1) throw new UsageError("'-' (standard input) may be given once");

  const settings: PartialSettings = {};
  if (values.language !== undefined) settings.language = checked('--language', 'language', values.language);
  if (values.profile !== undefined) settings.profile = checked('--profile', 'profile', values.profile);
  if (values.rules !== undefined) {
    const ids = values.rules.split(',').map((id) => id.trim());
    // An empty item is a typo ('a,,b', 'a,'), not a wish to check fewer rules.
    if (ids.includes('') && ids.some((id) => id !== '')) {
      throw new UsageError(`--rules must be rule IDs separated by single commas, none empty (got ${echo(values.rules)})`);
    }
    settings.rules = checked(
      '--rules',
      'rules',
      ids.filter((id) => id !== ''),
      values.rules,
    );
  }
  if (values.format !== undefined) settings.format = checked('--format', 'format', values.format);
  if (values['max-signals'] !== undefined) {
    const raw = values['max-signals'];
    const number = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    settings.maxSignals = checked('--max-signals', 'maxSignals', number, raw);
  }
  if (values['min-level'] !== undefined) settings.minLevel = checked('--min-level', 'minLevel', values['min-level']);
  if (values['exit-zero']) settings.failOnSignals = false;
  if (values['stdin-name'] !== undefined && values['stdin-name'].trim() === '') {
    throw new UsageError('--stdin-name must not be empty');
  }
  if (values['stdin-name'] !== undefined && !paths.includes('-')) {
    throw new UsageError("--stdin-name names standard input, so the paths must include '-'");
  }
  return {
    command: 'check',
    paths,
    settings,
    configFile: values['no-config'] ? null : values.config,
    stdinName: values['stdin-name'],
  };
}

function checked<K extends keyof typeof SETTINGS>(
  option: string,
  key: K,
  value: unknown,
  raw: unknown = value,
): NonNullable<PartialSettings[K]> {
  const setting = SETTINGS[key];
  const result = setting.schema.safeParse(value);
  if (result.success) return result.data as NonNullable<PartialSettings[K]>;
  const problem = setting.problem?.(value);
  throw new UsageError(problem === undefined ? `${option} must be ${setting.must} (got ${echo(raw)})` : `${option} ${problem}`);
}

/**
 * `writing-rules mcp [options]`. Values are checked where the host context is
 * built (src/cli/mcp.ts), with the core's own checks, since the config file
 * can give them too.
 */
function parseMcpCommand(argv: readonly string[]): McpCommand | { readonly command: 'help' } {
  let values: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof MCP_OPTIONS; allowPositionals: false; strict: true }>
  >['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: MCP_OPTIONS, allowPositionals: false, strict: true }));
  } catch (error) {
    throw new UsageError(`mcp: ${readableParseError(error)}`);
  }
  if (values.help) return { command: 'help' };
  if (values.config !== undefined && values['no-config']) throw new UsageError('--config and --no-config exclude each other');
  const ids = (option: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    const list = value.split(',').map((id) => id.trim());
    if (list.includes('')) throw new UsageError(`${option} must be IDs separated by single commas, none empty (got ${echo(value)})`);
    return list;
  };
  return {
    command: 'mcp',
    audience: values.audience,
    goal: values.goal,
    modelIds: ids('--model-ids', values['model-ids']),
    cohortIds: ids('--cohort-ids', values['cohort-ids']),
    evidenceDir: values['evidence-dir'],
    configFile: values['no-config'] ? null : values.config,
  };
}

/** node:util's messages, shortened to what a user needs. */
function readableParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // "Unknown option '--x'. To specify a positional argument starting with a '-', …"
  return message.replace(/\. To specify a positional argument.*$/s, '').replace(/\.$/, '');
}
