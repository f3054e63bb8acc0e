// `writing-rules mcp` as a local MCP client starts it: the built command as a
// child process, driven by the official SDK's stdio client. Every result is
// checked against the outputSchema the server listed, with a JSON Schema
// validator of its own. Needs `npm run build`.
import { STRUCTURED_CONTENT_POINTER } from '../../src/mcp/json-rpc';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_FILE } from '../../scripts/build-library';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import { run, tree } from './helpers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rebuild = 'dist/ is missing or stale: run `npm run build`';
const EXAMPLE_QUERY = { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' };
const HOST_FLAGS = ['--model-ids', 'example-model-a,example-model-b', '--cohort-ids', 'public-docs-example-v1'];

interface Server {
  readonly client: Client;
  readonly stderr: () => string;
}

/** The command started by the SDK's stdio transport, as an MCP client configuration starts it. */
async function start(args: readonly string[], cwd: string): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, CLI_FILE), 'mcp', ...args],
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'writing-rules-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The command run to completion on `input`: its exit code and both streams. */
function runToEnd(args: readonly string[], input: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, CLI_FILE), 'mcp', ...args], { cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const ajv = new Ajv2020({ strict: false, allErrors: true });

function expectFitsOutputSchema(tool: Tool, result: CallToolResult): void {
  expect(result.isError).toBeFalsy();
  const validate = ajv.compile(tool.outputSchema as object);
  expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
  // The data goes once, as structuredContent; the text block points to it.
  expect(result.content).toEqual([{ type: 'text', text: STRUCTURED_CONTENT_POINTER }]);
}

function errorOf(result: CallToolResult): { code: string; message: string } {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return (JSON.parse((result.content[0] as { text: string }).text) as { error: { code: string; message: string } }).error;
}

describe('writing-rules mcp over stdio, with a review context and the example evidence', () => {
  let server: Server;
  let tools: Tool[];
  beforeAll(async () => {
    const cwd = tree({});
    mkdirSync(join(cwd, 'evidence'));
    for (const name of ['en-public-docs.json', 'de-public-docs.json'])
      copyFileSync(join(root, 'examples/evidence', name), join(cwd, 'evidence', name));
    server = await start(
      ['--audience', 'New users of a CLI', '--goal', 'Finish the first review', ...HOST_FLAGS, '--evidence-dir', 'evidence'],
      cwd,
    );
    ({ tools } = await server.client.listTools());
  }, 30_000);
  afterAll(() => server?.client.close());

  const tool = (name: string) => tools.find((listed) => listed.name === name) as Tool;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await server.client.callTool({ name, arguments: args })) as CallToolResult;

  it('names itself and lists the four tools with the descriptors of the library', () => {
    expect(server.client.getServerVersion(), rebuild).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
    expect(tools.map((listed) => listed.name)).toEqual(writingReviewTools.map((descriptor) => descriptor.name));
    for (const [index, listed] of tools.entries()) {
      expect(listed.inputSchema).toEqual(writingReviewTools[index]?.inputSchema);
      expect(listed.outputSchema).toEqual(writingReviewTools[index]?.outputSchema);
    }
    expect(server.stderr()).toContain('writing-rules mcp: serving 4 tools on stdio');
    expect(server.stderr()).toContain('2 evidence files from evidence');
  });

  it('calls each tool, and each result fits its outputSchema', async () => {
    const rules = await call('get_writing_rules', { language: 'de', ruleIds: ['word-choice'] });
    expectFitsOutputSchema(tool('get_writing_rules'), rules);

    const prompt = await call('compose_writing_review_prompt', { language: 'en', profile: 'public-docs' });
    expectFitsOutputSchema(tool('compose_writing_review_prompt'), prompt);
    // The host's review context from the flags reaches the prompt.
    expect(JSON.stringify(prompt.structuredContent)).toContain('New users of a CLI');

    const signals = await call('find_writing_signals', { text: 'A stunning review panel.' });
    expectFitsOutputSchema(tool('find_writing_signals'), signals);
    expect(signals.structuredContent).toMatchObject({ signals: [{ ruleId: 'word-choice', quote: 'stunning', line: 1, column: 3 }] });

    const evidence = await call('get_model_comparison_evidence', EXAMPLE_QUERY);
    expectFitsOutputSchema(tool('get_model_comparison_evidence'), evidence);
    expect(evidence.structuredContent).toMatchObject({
      status: 'available',
      query: EXAMPLE_QUERY,
      bestValue: { modelId: 'example-model-a' },
    });

    const missing = await call('get_model_comparison_evidence', { ...EXAMPLE_QUERY, profile: 'product-copy' });
    expectFitsOutputSchema(tool('get_model_comparison_evidence'), missing);
    expect(missing.structuredContent).toMatchObject({ status: 'evidence-missing' });
  });

  it('takes find_writing_signals’ minLevel: every level by default, warnings only with minLevel warning', async () => {
    const text = 'Please note the panel is stunning.';
    expect(tool('find_writing_signals').inputSchema.properties?.minLevel).toMatchObject({ enum: ['warning', 'suggestion'] });
    const all = await call('find_writing_signals', { text, ruleIds: ['meta-framing', 'word-choice'] });
    expectFitsOutputSchema(tool('find_writing_signals'), all);
    expect(all.structuredContent).toMatchObject({
      signals: [
        { quote: 'Please note', level: 'suggestion', patternId: 'meta-framing.en.suggestion' },
        { quote: 'stunning', level: 'warning' },
      ],
      coverage: { signalsByLevel: { warning: 1, suggestion: 1 } },
    });
    const warnings = await call('find_writing_signals', { text, ruleIds: ['meta-framing', 'word-choice'], minLevel: 'warning' });
    expect((warnings.structuredContent as { signals: { quote: string }[] }).signals.map((s) => s.quote)).toEqual(['stunning']);
    expect(errorOf(await call('find_writing_signals', { text, minLevel: 'all' }))).toEqual({
      code: 'invalid-arguments',
      message: "minLevel must be 'warning' or 'suggestion' (got 'all')",
    });
  });

  it('answers bad calls with the dispatcher errors, and an unknown tool or method with a JSON-RPC error', async () => {
    expect(errorOf(await call('find_writing_signals', { text: 'x', maxSignals: 0 }))).toMatchObject({
      code: 'invalid-arguments',
      message: expect.stringContaining('maxSignals'),
    });
    expect(errorOf(await call('get_model_comparison_evidence', { ...EXAMPLE_QUERY, cohortId: 'other' }))).toMatchObject({
      code: 'invalid-arguments',
    });
    expect(errorOf(await call('rewrite_my_text', {}))).toMatchObject({ code: 'unknown-tool' });
    await expect(
      server.client.request(
        { method: 'resources/list', params: {} },
        (await import('@modelcontextprotocol/sdk/types.js')).ListResourcesResultSchema,
      ),
    ).rejects.toThrow(/Method not found/);
  });
});

describe('writing-rules mcp, the process', () => {
  const lines = (...messages: unknown[]) =>
    messages.map((message) => (typeof message === 'string' ? message : JSON.stringify(message))).join('\n');
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  };

  it('answers one line per request, refuses a line that is not JSON by name, logs only to stderr and exits 0 at the end of input', async () => {
    const run = await runToEnd(
      [],
      `${lines(initialize, 'not json', { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 'b', method: 'ping' })}\n`,
      tree({}),
    );
    expect(run.code).toBe(0);
    const answers = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers).toEqual([
      expect.objectContaining({ id: 1, result: expect.objectContaining({ protocolVersion: '2025-06-18' }) }),
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON in UTF-8.' } },
      { jsonrpc: '2.0', id: 'b', result: {} },
    ]);
    expect(run.stderr).toMatch(
      /^writing-rules mcp: serving 4 tools on stdio \(catalogue .*; no review context; no model comparison context; no evidence files\)\n$/,
    );
  }, 30_000);

  it('refuses a broken evidence file with invalid-host-evidence for its scope, and says so on stderr at start', async () => {
    const cwd = tree({});
    mkdirSync(join(cwd, 'evidence'));
    const broken = JSON.parse(readFileSync(join(root, 'examples/evidence/en-public-docs.json'), 'utf8'));
    broken.bestValue.modelId = 'a-model-the-host-does-not-name';
    writeFileSync(join(cwd, 'evidence', 'en.json'), JSON.stringify(broken));
    const server = await start([...HOST_FLAGS, '--evidence-dir', 'evidence'], cwd);
    try {
      const result = (await server.client.callTool({ name: 'get_model_comparison_evidence', arguments: EXAMPLE_QUERY })) as CallToolResult;
      expect(errorOf(result)).toEqual({
        code: 'invalid-host-evidence',
        message:
          "the host's evidence is not valid: evidence.bestValue.modelId 'a-model-the-host-does-not-name' is not one of the host's available model IDs",
      });
      expect(server.stderr()).toContain(
        "writing-rules mcp: evidence/en.json: evidence.bestValue.modelId 'a-model-the-host-does-not-name' is not one of the host's available model IDs; get_model_comparison_evidence answers invalid-host-evidence for evidence/en/public-docs/reviewer/public-docs-example-v1",
      );
    } finally {
      await server.client.close();
    }
  }, 30_000);

  it.each([
    [
      'an audience without a goal',
      ['--audience', 'Readers'],
      '--audience and --goal (or mcp.audience and mcp.goal) must be given together, or neither',
    ],
    [
      'evidence without IDs',
      ['--evidence-dir', 'evidence'],
      '--evidence-dir needs --model-ids and --cohort-ids (or mcp.modelIds and mcp.cohortIds): evidence is checked against them',
    ],
    ['an empty ID', ['--model-ids', 'a,,b'], "--model-ids must be IDs separated by single commas, none empty (got 'a,,b')"],
    ['a repeated ID', ['--model-ids', 'a,a'], "--model-ids must not repeat 'a'"],
    [
      'an audience over the bound',
      ['--audience', 'x'.repeat(4001), '--goal', 'y'],
      '--audience must be at most 4000 UTF-16 units (got 4001)',
    ],
    [
      'a missing evidence directory',
      [...HOST_FLAGS, '--evidence-dir', 'missing'],
      '--evidence-dir missing: cannot read the directory (ENOENT)',
    ],
    ['an unknown option', ['--port', '1'], "mcp: Unknown option '--port'"],
  ])('refuses %s before serving, naming the option and the bound', async (_, args, message) => {
    // In process: the same runCli as the executable, refusing before it reads any input.
    const result = await run(tree({}), ['mcp', ...args]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `writing-rules: ${message}\nRun 'writing-rules --help' for usage.\n` });
  });

  it('shows its options with --help', async () => {
    const result = await run(tree({}), ['mcp', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('writing-rules mcp [options]');
    expect(result.stdout).toContain('--evidence-dir DIR');
  });

  it('refuses an evidence file whose scope it cannot tell, naming the file', async () => {
    const cwd = tree({ 'evidence/notes.json': '{"query": 1' });
    const run = await runToEnd([...HOST_FLAGS, '--evidence-dir', 'evidence'], '', cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^writing-rules: evidence\/notes\.json: not readable as JSON \(.*\); an evidence file's query must name a scope this host serves\n/,
    );
  }, 30_000);

  it('takes the host context from the config file, with the evidence directory relative to it', async () => {
    const cwd = tree({
      'writing-rules.config.json': JSON.stringify({
        mcp: {
          audience: 'Config readers',
          goal: 'A goal',
          modelIds: ['example-model-a', 'example-model-b'],
          cohortIds: ['public-docs-example-v1'],
          evidenceDir: 'evidence',
        },
      }),
      'evidence/en.json': readFileSync(join(root, 'examples/evidence/en-public-docs.json'), 'utf8'),
    });
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_model_comparison_evidence', arguments: EXAMPLE_QUERY },
    };
    const run = await runToEnd([], `${lines(initialize, call)}\n`, cwd);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('review context set; 2 model IDs, 1 cohort IDs; 1 evidence files from evidence');
    const answer = JSON.parse(run.stdout.trimEnd().split('\n')[1] as string);
    expect(answer.result.structuredContent).toMatchObject({ status: 'available', bestValue: { modelId: 'example-model-a' } });
  }, 30_000);

  it.each([
    [{ modelIds: ['a', 'a'] }, "mcp.modelIds must not repeat 'a'"],
    [{ goal: ' ' }, 'mcp.goal must be 1 to 4000 UTF-16 units, not empty or white space only'],
    [{ evidenceDir: 3 }, 'mcp.evidenceDir must be a non-empty path to a directory (got 3)'],
    [{ port: 1 }, "unknown field 'port' in mcp; known fields: audience, goal, modelIds, cohortIds, evidenceDir"],
  ])('names a bad mcp section of the config file by its field: %j', async (mcp, message) => {
    const result = await run(tree({ 'writing-rules.config.json': JSON.stringify({ mcp }) }), ['mcp']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`writing-rules: writing-rules.config.json: ${message}\nRun 'writing-rules --help' for usage.\n`);
  });
});
