// The only writer of the EVIDENCE KV namespace. Validates each evidence file
// through the same dispatcher path the Worker runs (src/worker/evidence-file.ts), under the MODEL_IDS and
// COHORT_IDS of wrangler.toml, and writes nothing unless every file passes.
//
//   npm run evidence:put -- FILE... [--local | --remote]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { experimental_readRawConfig } from 'wrangler';
import type { ModelComparisonContext } from '../src/core/dispatch/types';
import { ConfigError, parseIdList } from '../src/worker/config';
import { checkEvidenceFile } from '../src/worker/evidence-file';
import { wranglerCommand } from './lib/wrangler-command';

interface Options {
  readonly files: readonly string[];
  readonly target: '--local' | '--remote';
  readonly config: string;
}

interface Entry {
  readonly file: string;
  readonly key: string;
  readonly value: string;
}

const USAGE = 'Usage: npm run evidence:put -- FILE... [--local | --remote] [--config wrangler.toml]';

/** A refusal to write: the message names the file, option or setting and what is wrong with it. */
class Refusal extends Error {}

function refuse(message: string): never {
  throw new Refusal(message);
}

function parseOptions(argv: readonly string[]): Options {
  const files: string[] = [];
  const targets = new Set<'--local' | '--remote'>();
  let config = 'wrangler.toml';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--local' || arg === '--remote') targets.add(arg);
    else if (arg === '--config') config = argv[++i] ?? refuse(`--config needs a path. ${USAGE}`);
    else if (arg.startsWith('-')) refuse(`Unknown option ${arg}. ${USAGE}`);
    else files.push(arg);
  }
  if (files.length === 0) refuse(`No evidence file given. ${USAGE}`);
  if (targets.size > 1) refuse(`Choose one of --local and --remote. ${USAGE}`);
  return { files, target: targets.has('--remote') ? '--remote' : '--local', config };
}

function readContext(configPath: string): ModelComparisonContext {
  const { rawConfig } = experimental_readRawConfig({ config: configPath }) as {
    rawConfig: { vars?: Record<string, unknown> };
  };
  const vars = rawConfig.vars ?? {};
  try {
    return { availableModelIds: parseIdList(vars, 'MODEL_IDS'), cohortIds: parseIdList(vars, 'COHORT_IDS') };
  } catch (err) {
    if (err instanceof ConfigError) refuse(`${configPath}: ${err.message}`);
    throw err;
  }
}

/** Reads a file and checks it as the Worker would serve it. */
async function checkEvidence(file: string, context: ModelComparisonContext): Promise<Entry | string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return `${file}: cannot read the file (${(err as Error).message})`;
  }
  const checked = await checkEvidenceFile(file, text, context);
  return checked.ok ? { file, key: checked.key, value: checked.value } : checked.message;
}

/** Writes `entries` to the EVIDENCE namespace of `config`; returns why it failed, or undefined. */
export type BulkWriter = (entries: readonly BulkEntry[], target: '--local' | '--remote', config: string) => string | undefined;

export interface BulkEntry {
  readonly key: string;
  readonly value: string;
}

/** `wrangler kv bulk put` of one temp file holding every entry, so the namespace takes all of them or none. */
export const wranglerBulkPut: BulkWriter = (entries, target, config) => {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-put-'));
  try {
    const bulkFile = join(dir, 'bulk.json');
    writeFileSync(bulkFile, JSON.stringify(entries));
    const [command, args] = wranglerCommand(['kv', 'bulk', 'put', bulkFile, '--binding', 'EVIDENCE', target, '--config', config]);
    const run = spawnSync(command, args, { stdio: 'inherit' });
    return run.status === 0 ? undefined : `wrangler kv bulk put failed (exit ${run.status ?? run.signal}).`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** What a run printed: on success one line per written file (stdout); otherwise the one message (stderr). */
export type EvidencePutOutcome =
  | { readonly ok: true; readonly written: readonly string[] }
  | { readonly ok: false; readonly message: string };

/**
 * `npm run evidence:put` with the arguments `argv`: checks every file, and
 * hands all of them to `write` only when each passes.
 */
export async function evidencePut(argv: readonly string[], write: BulkWriter = wranglerBulkPut): Promise<EvidencePutOutcome> {
  try {
    const options = parseOptions(argv);
    const context = readContext(options.config);
    const checked = await Promise.all(options.files.map((file) => checkEvidence(file, context)));
    const problems = checked.filter((item): item is string => typeof item === 'string');
    const entries = checked.filter((item): item is Entry => typeof item !== 'string');
    const seen = new Map<string, string>();
    for (const entry of entries) {
      const other = seen.get(entry.key);
      if (other !== undefined) problems.push(`${entry.file}: same key ${entry.key} as ${other}`);
      seen.set(entry.key, entry.file);
    }
    if (problems.length > 0) refuse(`Nothing written. Fix these files first:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    const failure = write(
      entries.map(({ key, value }) => ({ key, value })),
      options.target,
      options.config,
    );
    if (failure !== undefined) refuse(failure);
    const where = options.target === '--remote' ? 'remote' : 'local';
    return { ok: true, written: entries.map((entry) => `${where} ${entry.key} <- ${entry.file}`) };
  } catch (err) {
    if (err instanceof Refusal) return { ok: false, message: err.message };
    throw err;
  }
}

async function main(): Promise<void> {
  const outcome = await evidencePut(process.argv.slice(2));
  if (!outcome.ok) {
    console.error(outcome.message);
    process.exit(1);
  }
  for (const line of outcome.written) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
