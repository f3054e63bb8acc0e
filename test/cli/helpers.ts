// Runs the real command in process: its own working directory, streams and
// environment, so each test sees exactly what a user would on the terminal.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/cli';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly stdin?: string | Uint8Array;
  readonly stdoutTTY?: boolean;
  readonly stderrTTY?: boolean;
  readonly env?: Record<string, string | undefined>;
  readonly maxInputBytes?: number;
  readonly now?: () => number;
}

export async function run(cwd: string, argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd,
    env: options.env ?? {},
    stdout: { write: (chunk: string) => (stdout += chunk), isTTY: options.stdoutTTY ?? false },
    stderr: { write: (chunk: string) => (stderr += chunk), isTTY: options.stderrTTY ?? false },
    readStdin: async () =>
      typeof options.stdin === 'string' ? new TextEncoder().encode(options.stdin) : (options.stdin ?? new Uint8Array()),
    ...(options.now ? { now: options.now } : {}),
  };
  const code = await runCli(argv, io, options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes });
  return { code, stdout, stderr };
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory with `files` (path → content), removed after the test. */
export function tree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), 'writing-rules-cli-'));
  made.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

/** Phrases the tests rely on; stable in the catalogue while other phrase lists grow. */
export const EN_META = 'keep in mind that';
export const EN_WORD = 'stunning';
export const DE_WORD = 'leistungsstark';
export const DE_META = 'interessanterweise';

/** A rule's title as the catalogue holds it, so tests survive editorial changes to titles. */
export function title(ruleId: string, language: 'en' | 'de' = 'en'): string {
  const rule = catalogue.rules.find((record) => record.id === ruleId);
  if (!rule) throw new Error(`no rule ${ruleId}`);
  return rule.title[language];
}
