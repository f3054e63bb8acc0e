// The only writer of the EVIDENCE KV namespace. Validates each evidence file
// through the same dispatcher path the Worker runs (src/worker/evidence-file.ts), under the MODEL_IDS and
// COHORT_IDS of wrangler.toml, and writes nothing unless every file passes.
//
//   npm run evidence:put -- FILE... [--local | --remote]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimental_readRawConfig } from 'wrangler';
import type { ModelComparisonContext } from '../src/core/types';
import { ConfigError, parseIdList } from '../src/worker/config';
import { checkEvidenceFile } from '../src/worker/evidence-file';

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

function parseOptions(argv: readonly string[]): Options {
  const files: string[] = [];
  const targets = new Set<'--local' | '--remote'>();
  let config = 'wrangler.toml';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--local' || arg === '--remote') targets.add(arg);
    else if (arg === '--config') config = argv[++i] ?? fail(`--config needs a path. ${USAGE}`);
    else if (arg.startsWith('-')) fail(`Unknown option ${arg}. ${USAGE}`);
    else files.push(arg);
  }
  if (files.length === 0) fail(`No evidence file given. ${USAGE}`);
  if (targets.size > 1) fail(`Choose one of --local and --remote. ${USAGE}`);
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
    if (err instanceof ConfigError) fail(`${configPath}: ${err.message}`);
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

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
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
  if (problems.length > 0) fail(`Nothing written. Fix these files first:\n${problems.map((p) => `- ${p}`).join('\n')}`);

  const dir = mkdtempSync(join(tmpdir(), 'evidence-put-'));
  try {
    const bulkFile = join(dir, 'bulk.json');
    writeFileSync(bulkFile, JSON.stringify(entries.map(({ key, value }) => ({ key, value }))));
    const args = ['wrangler', 'kv', 'bulk', 'put', bulkFile, '--binding', 'EVIDENCE', options.target, '--config', options.config];
    const run = spawnSync('npx', args, { stdio: 'inherit' });
    if (run.status !== 0) fail(`wrangler kv bulk put failed (exit ${run.status ?? run.signal}).`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const entry of entries) console.log(`${options.target === '--remote' ? 'remote' : 'local'} ${entry.key} <- ${entry.file}`);
}

await main();
