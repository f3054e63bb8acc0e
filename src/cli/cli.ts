// `writing-rules check`: from arguments to an exit code. Everything the
// process touches comes in through CliIo, so tests run the real command in
// process with their own streams, directory and environment.
import { relative, sep } from 'node:path';
import { printable } from '../core/input-checks/echo';
import { catalogueVersion, type Language } from '../core/index';
import { createTextChecker, type TextChecker } from './check';
import { loadConfig, type Config } from './config';
import { MAX_INPUT_BYTES, collectFiles, decodeText, modeForPath, readTextFile, type InputFile } from './files';
import { formatReport } from './formats/index';
import { runMcp } from './mcp';
import { HELP, parseCommand, type CheckCommand } from './options';
import { loadRuleInfo, type FileReport, type RunReport } from './report';
import { DEFAULT_SETTINGS, UsageError, mergeSettings, type RunSettings, type ScanSettings } from './settings';

export interface OutputStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readStdin(): Promise<Uint8Array>;
  /** Standard input as a stream, for `mcp`, which answers each message as it arrives. */
  readonly input?: AsyncIterable<Uint8Array | string>;
  /** Milliseconds, for pacing the progress line. */
  now?(): number;
}

export const EXIT_CLEAN = 0;
export const EXIT_SIGNALS = 1;
export const EXIT_ERROR = 2;

/** `maxInputBytes` stands in for MAX_INPUT_BYTES in tests. */
export interface RunOptions {
  readonly maxInputBytes?: number;
}

/** Runs the command line `argv` (without the program name) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo, options: RunOptions = {}): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.command === 'help') {
      io.stdout.write(HELP);
      return EXIT_CLEAN;
    }
    if (command.command === 'version') {
      io.stdout.write(`writing-rules, catalogue ${catalogueVersion}\n`);
      return EXIT_CLEAN;
    }
    if (command.command === 'mcp') return await runMcp(command, io);
    return await check(command, io, options);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`writing-rules: ${error.message}\nRun 'writing-rules --help' for usage.\n`);
    } else {
      // Exit 1 means "signals", so a failure of our own must not end with it.
      io.stderr.write(`writing-rules: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return EXIT_ERROR;
  }
}

/** Colour on a terminal only, and never when NO_COLOR is set to anything but ''. */
export function wantsColor(stream: OutputStream, env: CliIo['env']): boolean {
  return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}

async function check(command: CheckCommand, io: CliIo, { maxInputBytes = MAX_INPUT_BYTES }: RunOptions): Promise<number> {
  const config = loadConfig(io.cwd, command.configFile);
  const settings = mergeSettings<RunSettings>(DEFAULT_SETTINGS, config.defaults, command.settings);
  const paths = command.paths.length > 0 ? command.paths : ['.'];
  const checker = createTextChecker();
  await checkRulesAgainstProfiles(checker, settings, config, command);
  const { files, problems } = collectFiles(io.cwd, paths, (path) => config.isIgnored(path), command.stdinName);
  const progress = createProgress(io, files.length);

  const reports: FileReport[] = [];
  try {
    for (const [index, file] of files.entries()) {
      progress.update(index);
      const read = file.stdin ? decodeText(await io.readStdin(), maxInputBytes) : readTextFile(file.absolute, maxInputBytes);
      if (!read.ok) {
        problems.push({ path: file.display, message: read.message, ...(file.stdin ? { stdin: true } : {}) });
        continue;
      }
      const scan = scanSettingsFor(file, settings, config, command);
      let found: Awaited<ReturnType<typeof checker.check>>;
      try {
        found = await checker.check(read.text, modeForPath(file.display), scan);
      } catch (error) {
        // Per-file settings come from overrides too, so name the file they were for.
        if (error instanceof UsageError) throw new UsageError(`${file.display}: ${error.message}`);
        throw error;
      }
      reports.push({
        path: displayPath(io.cwd, file),
        stdin: file.stdin === true,
        language: scan.language,
        mode: found.mode,
        text: read.text,
        signals: found.signals,
        coverage: found.coverage,
        pieces: 1,
      });
    }
  } finally {
    progress.done();
  }

  const report: RunReport = {
    catalogueVersion,
    cwd: io.cwd,
    files: reports,
    problems,
    rules: await loadRuleInfo(),
    language: settings.language,
  };
  // Problems go to stderr in every format, so a person sees them even when stdout is a report file.
  for (const problem of problems) io.stderr.write(`writing-rules: ${printable(problem.path)} ${problem.message}\n`);
  io.stdout.write(formatReport(settings.format, report, { color: wantsColor(io.stdout, io.env) }));

  if (problems.length > 0) return EXIT_ERROR;
  const anySignals = reports.some((file) => file.signals.length > 0);
  return anySignals && settings.failOnSignals ? EXIT_SIGNALS : EXIT_CLEAN;
}

/** Defaults, then the config's defaults and overrides for this file, then the command line. */
function scanSettingsFor(file: InputFile, run: RunSettings, config: Config, command: CheckCommand): ScanSettings {
  return scanSettingsWith(run, config, file.stdin && command.stdinName === undefined ? {} : config.overridesFor(file.absolute), command);
}

function scanSettingsWith(run: RunSettings, config: Config, overrides: Partial<ScanSettings>, command: CheckCommand): ScanSettings {
  const merged = mergeSettings<ScanSettings>(
    { language: DEFAULT_SETTINGS.language, maxSignals: run.maxSignals, minLevel: run.minLevel },
    config.defaults,
    overrides,
    command.settings,
  );
  const { language, profile, rules, maxSignals, minLevel } = merged;
  return { language: language as Language, maxSignals, minLevel, ...(profile ? { profile } : {}), ...(rules ? { rules } : {}) };
}

/**
 * Rules outside their profile are a usage error, found before any file is
 * read: the settings without overrides and with each override alone are
 * tried on an empty text, and a refusal names where the rules and the
 * profile came from. (A file that two overrides give the rules and the
 * profile of is still refused when it is checked, naming the file.)
 */
async function checkRulesAgainstProfiles(checker: TextChecker, run: RunSettings, config: Config, command: CheckCommand): Promise<void> {
  const layers: { where: string; overrides: Partial<ScanSettings> }[] = [
    { where: '', overrides: {} },
    ...config.overrides.map((overrides, index) => ({ where: `overrides[${index}].`, overrides })),
  ];
  for (const { where, overrides } of layers) {
    const scan = scanSettingsWith(run, config, overrides, command);
    if (scan.profile === undefined || scan.rules === undefined) continue;
    try {
      await checker.check('', 'text', scan);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      const from = (key: 'rules' | 'profile') =>
        command.settings[key] !== undefined ? `--${key}` : `${config.file}: ${overrides[key] !== undefined ? where : ''}${key}`;
      throw new UsageError(`${error.message} (rules from ${from('rules')}, profile from ${from('profile')})`);
    }
  }
}

/** Paths in reports: relative to the working directory with `/`, as given when outside it. */
function displayPath(cwd: string, file: InputFile): string {
  if (file.stdin) return file.display;
  const rel = relative(cwd, file.absolute);
  return rel === '' || rel.startsWith('..') ? file.display : rel.split(sep).join('/');
}

/** Files from which a run counts as long enough for a progress line. */
export const PROGRESS_MIN_FILES = 20;
const PROGRESS_INTERVAL_MS = 100;

/** "checking 120 of 445 files" on a TTY's stderr, rewritten in place and cleared at the end. */
function createProgress(io: CliIo, total: number): { update(index: number): void; done(): void } {
  const active = io.stderr.isTTY === true && total >= PROGRESS_MIN_FILES;
  const now = io.now ?? (() => performance.now());
  let shownAt = Number.NEGATIVE_INFINITY;
  let shown = false;
  return {
    update(index) {
      if (!active || now() - shownAt < PROGRESS_INTERVAL_MS) return;
      shownAt = now();
      shown = true;
      io.stderr.write(`\r\u001b[Kchecking ${index + 1} of ${total} files`);
    },
    done() {
      if (shown) io.stderr.write('\r\u001b[K');
    },
  };
}
