// The package as another project gets it: `npm pack` once, the tarball
// installed into a fresh project outside the repository (npm reaches only the
// registry, for the runtime dependencies, from its cache where it can), then
// the command through npx, the library with its types, and the local MCP
// server through the SDK's stdio client. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rebuild = 'dist/ is missing or stale: run `npm run build`';
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };

let work: string;
let project: string;
let packed: string[];

const quiet = {
  encoding: 'utf8',
  env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
} as const;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'writing-rules-installed-'));
  // dist/ is built already (npm test builds first): packing without scripts skips a second build.
  const pack = spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { ...quiet, cwd: root });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [result] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  packed = (result?.files ?? []).map((file) => file.path).sort();
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-users-project', private: true, type: 'module' }));
  const install = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, result?.filename ?? '')], {
    ...quiet,
    cwd: project,
  });
  if (install.status !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package, installed into a fresh project', () => {
  it('holds the licence, the readme, the library, its types and the command, and nothing else', () => {
    const outside = packed.filter((path) => !path.startsWith('dist/types/') || !path.endsWith('.d.ts'));
    expect(outside).toEqual(['LICENSE', 'README.md', 'dist/cli.js', 'dist/tools.js', 'package.json']);
    expect(packed).toContain('dist/types/index.d.ts');
  });

  it('runs `npx writing-rules check` on a Markdown file', () => {
    writeFileSync(join(project, 'guide.md'), '# Setup\n\nA stunning setup.\n\n```sh\npowerful --flag\n```\n');
    const run = spawnSync('npx', ['writing-rules', 'check', 'guide.md'], { ...quiet, cwd: project });
    expect(run.stderr, rebuild).toBe('');
    expect(run.status).toBe(1);
    // The word in the code block is not prose.
    expect(run.stdout).toMatch(/^guide\.md:3:3 {2}warning {2}word-choice {2}"stunning"/);
    expect(run.stdout).toContain('1 signal in 1 of 1 file');
  }, 30_000);

  it('imports the library by name, with types a strict TypeScript project checks', () => {
    const file = join(project, 'review.ts');
    writeFileSync(
      file,
      [
        "import { createWritingToolDispatcher, type FindWritingSignalsResult } from '@voice/writing-rules/tools';",
        'const dispatcher = createWritingToolDispatcher();',
        "const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: 'A stunning panel.' } });",
        'if (result.ok) {',
        '  const data: FindWritingSignalsResult = result.data;',
        '  // @ts-expect-error the declarations type every field, so a misspelt one fails',
        '  console.log(data.signal);',
        '  console.log(JSON.stringify(data.signals.map((signal) => signal.quote)));',
        '}',
      ].join('\n'),
    );
    const program = ts.createProgram({
      rootNames: [file],
      options: {
        strict: true,
        noEmit: true,
        // The declarations themselves are checked without skipLibCheck in library-package.test.ts.
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
      },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    // The declarations come from the installed copy, not from the repository.
    const installed = join(project, 'node_modules', manifest.name, 'dist', 'types', 'index.d.ts');
    expect(program.getSourceFiles().map((source) => source.fileName)).toContain(installed);

    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', readFileSync(file, 'utf8').replace(/: FindWritingSignalsResult|, type FindWritingSignalsResult/g, '')],
      { ...quiet, cwd: project },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('undefined\n["stunning"]\n');
  }, 60_000);

  it('serves the four tools with `npx writing-rules mcp` to the SDK stdio client', async () => {
    const transport = new StdioClientTransport({ command: 'npx', args: ['writing-rules', 'mcp'], cwd: project, stderr: 'pipe' });
    const client = new Client({ name: 'installed-package-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(writingReviewTools.map((tool) => tool.name));
      const result = (await client.callTool({ name: 'find_writing_signals', arguments: { text: 'A stunning panel.' } })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ signals: [{ ruleId: 'word-choice', quote: 'stunning', start: 2, end: 10 }] });
    } finally {
      await client.close();
    }
  }, 30_000);
});
