// `npm run evidence:put` as a host runs it: the real script and the real
// `wrangler kv` against a local EVIDENCE namespace whose state lives in a temp
// folder (wrangler keeps local state beside the --config file it is given).
// Each such run starts tsx and wrangler (seconds each), so the refusals are
// checked in-process through the script's own entry, `evidencePut`, with a
// writer that records what it is handed; one refusal also runs for real, to
// show that the command exits non-zero and leaves KV empty.
// What a run left in the namespace is read through Miniflare, the local
// runtime behind `wrangler dev`, from the same state folder: one in-process
// start instead of a `wrangler kv` run per read.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { type BulkEntry, type BulkWriter, evidencePut } from '../../scripts/evidence-put';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = join(root, 'scripts/evidence-put.ts');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
// Each real run starts the script and then wrangler, which take a few seconds
// each alone, and far longer on a loaded two-core machine with other test files
// running beside it: a bound for that, not a timing.
const SLOW = 180_000;
// The Worker's bound on a stored value, as docs/worker.md states it.
const READER_LIMIT = 1_048_576;
const USAGE = 'Usage: npm run evidence:put -- FILE... [--local | --remote]';

const EN = 'examples/evidence/en-public-docs.json';
const DE = 'examples/evidence/de-public-docs.json';
const EN_KEY = 'evidence/en/public-docs/reviewer/public-docs-example-v1';
const DE_KEY = 'evidence/de/public-docs/reviewer/public-docs-example-v1';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder holding a copy of wrangler.toml; its local KV state lands here too. */
function tempHost(): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-put-test-'));
  dirs.push(dir);
  const config = join(dir, 'wrangler.toml');
  copyFileSync(join(root, 'wrangler.toml'), config);
  return { dir, config };
}

function run(command: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd: root, env, encoding: 'utf8', timeout: SLOW });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function put(...args: string[]) {
  return run('--import', ['tsx', script, ...args]);
}

/** The script's entry in-process, with a writer that only records what it is handed. */
async function putInProcess(...args: string[]) {
  const writes: { entries: readonly BulkEntry[]; target: string; config: string }[] = [];
  const write: BulkWriter = (entries, target, config) => {
    writes.push({ entries, target, config });
    return undefined;
  };
  return { outcome: await evidencePut(args, write), writes };
}

/**
 * Every key and value of the local EVIDENCE namespace of the host in `dir`, as
 * `wrangler dev` with that host's config would read them: wrangler keeps a
 * local namespace under .wrangler/state/v3/kv beside the config, by its
 * binding's id (the binding name when wrangler.toml gives no id).
 */
async function storedEvidence(dir: string): Promise<Record<string, string | null>> {
  const miniflare = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 404 }); } }',
    kvNamespaces: { EVIDENCE: 'EVIDENCE' },
    kvPersist: join(dir, '.wrangler/state/v3/kv'),
  });
  try {
    const kv = await miniflare.getKVNamespace('EVIDENCE');
    const { keys } = await kv.list();
    const stored: Record<string, string | null> = {};
    for (const { name } of keys) stored[name] = await kv.get(name);
    return stored;
  } finally {
    await miniflare.dispose();
  }
}

function example(): Record<string, any> {
  return JSON.parse(readFileSync(join(root, EN), 'utf8'));
}

function writeJson(dir: string, name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

/** Evidence whose stored JSON takes exactly `units` UTF-16 units. */
function evidenceOfLength(units: number): Record<string, any> {
  const value = example();
  value.explanation = '';
  value.explanation = 'x'.repeat(units - JSON.stringify(value).length);
  expect(JSON.stringify(value).length).toBe(units);
  return value;
}

describe('npm run evidence:put', () => {
  it('writes each shipped example at the key of its query, exactly as its JSON', { timeout: SLOW }, async () => {
    const { dir, config } = tempHost();
    const result = put(EN, DE, '--local', '--config', config);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`local ${EN_KEY} <- ${EN}\n`);
    expect(result.stdout).toContain(`local ${DE_KEY} <- ${DE}\n`);
    const asStored = (file: string) => JSON.stringify(JSON.parse(readFileSync(join(root, file), 'utf8')));
    expect(await storedEvidence(dir)).toEqual({ [EN_KEY]: asStored(EN), [DE_KEY]: asStored(DE) });
    // Where the refusal test looks for a write.
    expect(existsSync(join(dir, '.wrangler'))).toBe(true);
  });

  it('writes to the local namespace when no target is given', async () => {
    const { config } = tempHost();
    const { outcome, writes } = await putInProcess(EN, '--config', config);
    expect(outcome).toEqual({ ok: true, written: [`local ${EN_KEY} <- ${EN}`] });
    expect(writes.map(({ target, entries }) => ({ target, keys: entries.map((entry) => entry.key) }))).toEqual([
      { target: '--local', keys: [EN_KEY] },
    ]);
  });

  // The write itself is the real one above; the bound is the script's own check.
  it(`writes a value of exactly ${READER_LIMIT} UTF-16 units`, async () => {
    const { dir, config } = tempHost();
    const value = evidenceOfLength(READER_LIMIT);
    const { outcome, writes } = await putInProcess(writeJson(dir, 'at-limit.json', value), '--local', '--config', config);
    expect(outcome.ok, outcome.ok ? '' : outcome.message).toBe(true);
    expect(writes).toEqual([{ entries: [{ key: EN_KEY, value: JSON.stringify(value) }], target: '--local', config }]);
  });

  // Each bad file goes in beside both good examples: the run must write none of them.
  const badFiles: [string, (dir: string) => string, RegExp][] = [
    [
      'a model ID outside MODEL_IDS',
      (dir) => {
        const value = example();
        value.bestValue.modelId = 'example-model-z';
        return writeJson(dir, 'unknown-model.json', value);
      },
      /evidence\.bestValue\.modelId 'example-model-z' is not one of the host's available model IDs/,
    ],
    [
      'a cohort outside COHORT_IDS',
      (dir) => {
        const value = example();
        value.query.cohortId = 'other-cohort-v1';
        return writeJson(dir, 'unknown-cohort.json', value);
      },
      /invalid query: cohortId 'other-cohort-v1' is not one of the host's cohort IDs/,
    ],
    [
      'an unknown field',
      (dir) => {
        const value = example();
        value.highestDetection.notes = 'extra';
        return writeJson(dir, 'unknown-field.json', value);
      },
      /evidence\.highestDetection has unknown field 'notes'/,
    ],
    [
      'broken JSON',
      (dir) => {
        const file = join(dir, 'broken.json');
        writeFileSync(file, readFileSync(join(root, EN), 'utf8').slice(0, 200));
        return file;
      },
      /not readable as JSON \(.+\)/,
    ],
    ['a file that does not exist', (dir) => join(dir, 'missing.json'), /cannot read the file \(ENOENT.+\)/],
    [
      'a query that is not a valid tool call',
      (dir) => {
        const value = example();
        value.query.role = 'writer';
        return writeJson(dir, 'writer-role.json', value);
      },
      /invalid query: role must be 'reviewer' \(got 'writer'\)/,
    ],
    [
      "a value over the reader's limit",
      (dir) => writeJson(dir, 'too-long.json', evidenceOfLength(READER_LIMIT + 1)),
      new RegExp(`takes ${READER_LIMIT + 1} UTF-16 units; the Worker reads at most ${READER_LIMIT}`),
    ],
    ['a second file for the same key', (dir) => writeJson(dir, 'en-again.json', example()), new RegExp(`same key ${EN_KEY} as ${EN}`)],
  ];

  for (const [kind, write, reason] of badFiles) {
    it(`refuses ${kind}, names the file with the reason, and writes nothing`, async () => {
      const { dir, config } = tempHost();
      const bad = write(dir);
      const { outcome, writes } = await putInProcess(EN, bad, DE, '--local', '--config', config);
      expect(outcome.ok).toBe(false);
      const message = outcome.ok ? '' : outcome.message;
      expect(message).toContain('Nothing written.');
      const line = message.split('\n').find((text) => text.startsWith(`- ${bad}: `));
      expect(line, message).toMatch(reason);
      expect(writes).toEqual([]);
    });
  }

  // One refusal runs for real: a usage error takes the same way out of the
  // script (a refusal, then stderr and exit 1), which the in-process tests show for each.
  it('exits non-zero on a refused file, says why on stderr, prints nothing on stdout and never starts wrangler', { timeout: SLOW }, () => {
    const { dir, config } = tempHost();
    const [, write, reason] = badFiles.find(([kind]) => kind === 'an unknown field')!;
    const bad = write(dir);
    const refused = put(EN, bad, DE, '--local', '--config', config);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('Nothing written.');
    expect(
      refused.stderr.split('\n').find((text) => text.startsWith(`- ${bad}: `)),
      refused.stderr,
    ).toMatch(reason);
    expect(refused.stdout).toBe('');
    // wrangler keeps local KV state beside the config it is given: no folder, no write.
    expect(existsSync(join(dir, '.wrangler'))).toBe(false);
  });

  const usageErrors: [string, (config: string) => string[], string][] = [
    ['no file', (config) => ['--local', '--config', config], 'No evidence file given.'],
    ['both --local and --remote', (config) => [EN, '--local', '--remote', '--config', config], 'Choose one of --local and --remote.'],
    ['an unknown option', (config) => [EN, '--locale', '--config', config], 'Unknown option --locale.'],
  ];

  for (const [kind, args, reason] of usageErrors) {
    it(`stops with the usage line for ${kind}, writing nothing`, async () => {
      const { config } = tempHost();
      const { outcome, writes } = await putInProcess(...args(config));
      expect(outcome.ok).toBe(false);
      const message = outcome.ok ? '' : outcome.message;
      expect(message).toContain(reason);
      expect(message).toContain(USAGE);
      expect(writes).toEqual([]);
    });
  }

  it('hands every entry of the run to one write, each value exactly as the stored JSON of its file', async () => {
    const { config } = tempHost();
    const { outcome, writes } = await putInProcess(EN, DE, '--remote', '--config', config);
    expect(outcome).toEqual({ ok: true, written: [`remote ${EN_KEY} <- ${EN}`, `remote ${DE_KEY} <- ${DE}`] });
    const stored = (file: string) => JSON.stringify(JSON.parse(readFileSync(join(root, file), 'utf8')));
    expect(writes).toEqual([
      {
        entries: [
          { key: EN_KEY, value: stored(EN) },
          { key: DE_KEY, value: stored(DE) },
        ],
        target: '--remote',
        config,
      },
    ]);
  });

  it('stops with what the writer reports when the write fails, and prints no written line', async () => {
    const { config } = tempHost();
    const outcome = await evidencePut([EN, '--local', '--config', config], () => 'wrangler kv bulk put failed (exit 1).');
    expect(outcome).toEqual({ ok: false, message: 'wrangler kv bulk put failed (exit 1).' });
  });
});
