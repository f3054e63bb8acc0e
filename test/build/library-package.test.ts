// The built library as a host installs it: plain Node imports
// `@voice/writing-rules/tools` through the package.json exports map, TypeScript
// hosts (NodeNext and Bundler) type-check against dist/types, the artefact
// matches the sources and the packed package carries it. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { bundleLibrary, CLI_FILE, LIBRARY_FILE, TYPES_DIR } from '../../scripts/build-library';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const rebuild = 'dist/ is missing or stale: run `npm run build`';

/** Runs an ES module program in plain Node.js from the repository root and returns the JSON it printed. */
function runInNode(program: string): unknown {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' });
  expect(run.stderr, rebuild).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

describe('@voice/writing-rules/tools as built', () => {
  it('imports in plain Node.js by package name and finds the signal', () => {
    const program = [
      "const { createWritingToolDispatcher, catalogueVersion } = await import('@voice/writing-rules/tools');",
      "const result = await createWritingToolDispatcher().dispatch({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.' } });",
      'console.log(JSON.stringify({ catalogueVersion, result }));',
    ].join('\n');
    const printed = runInNode(program) as { catalogueVersion: string; result: unknown };
    expect(printed.catalogueVersion, rebuild).toBe(catalogue.catalogueVersion);
    expect(printed.result).toMatchObject({
      ok: true,
      tool: 'find_writing_signals',
      data: {
        signals: [{ ruleId: 'word-choice', kind: 'surface-cue', quote: 'powerful', start: 2, end: 10, line: 1, column: 3 }],
        coverage: { language: 'en', semanticReviewRequired: true, truncated: false },
      },
    });
  });

  it('exports scanDocument, which scans a text over the tool limit whole in plain Node.js', () => {
    const program = [
      "const { scanDocument, MAX_TEXT_UNITS } = await import('@voice/writing-rules/tools');",
      "const text = 'Plain words.\\n\\n'.repeat(MAX_TEXT_UNITS / 10) + 'A powerful end.\\n';",
      "const result = await scanDocument({ text, format: 'markdown' });",
      'console.log(JSON.stringify({ units: text.length, limit: MAX_TEXT_UNITS, result }));',
    ].join('\n');
    const printed = runInNode(program) as { units: number; limit: number; result: unknown };
    expect(printed.units).toBeGreaterThan(printed.limit);
    expect(printed.result).toMatchObject({
      ok: true,
      tool: 'find_writing_signals',
      data: {
        signals: [{ ruleId: 'word-choice', quote: 'powerful', start: printed.units - 14, line: printed.limit / 5 + 1, column: 3 }],
        coverage: { format: 'markdown', truncated: false, directiveProblems: [] },
      },
    });
  });

  it('is the module the package name resolves to in these tests', async () => {
    const byName = await import('@voice/writing-rules/tools');
    const byFile = (await import(pathToFileURL(join(root, LIBRARY_FILE)).href)) as typeof byName;
    expect(byName.writingReviewTools).toBe(byFile.writingReviewTools);
  });

  it('matches a fresh bundle of the sources and imports only runtime dependencies', async () => {
    const { code, externals } = await bundleLibrary(root);
    expect(readFileSync(join(root, LIBRARY_FILE), 'utf8') === code, rebuild).toBe(true);
    // entities/decode: character references in format 'markdown' and 'html'.
    expect(externals).toEqual(['entities/decode', 'zod']);
    for (const name of externals) expect(Object.keys(manifest.dependencies)).toContain(name.split('/')[0]);
  }, 30_000);

  it('imports every declared dependency at run time and nothing else from outside Node.js', async () => {
    const entryPoints = readdirSync(join(root, 'dist'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `dist/${name}`);
    expect(entryPoints, rebuild).toEqual(expect.arrayContaining([LIBRARY_FILE, CLI_FILE]));
    // esbuild parses the built files as JavaScript and lists every import, dynamic ones included.
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      outdir: join(tmpdir(), 'writing-rules-imports'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
    const outside = imports.filter((entry) => entry.external && !isBuiltin(entry.path)).map((entry) => packageOf(entry.path));
    const declared = Object.keys(manifest.dependencies).sort();
    expect([...new Set(outside)].sort()).toEqual(declared);

    // The declarations a TypeScript host reads may name declared dependencies only.
    const declarations = readdirSync(join(root, TYPES_DIR), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.d.ts'));
    const typed = declarations.flatMap((name) =>
      ts.preProcessFile(readFileSync(join(root, TYPES_DIR, name), 'utf8'), true, true).importedFiles.map((file) => file.fileName),
    );
    for (const specifier of typed.filter((name) => !name.startsWith('.'))) expect(declared).toContain(packageOf(specifier));
  }, 30_000);

  it.each(['NodeNext', 'Bundler'] as const)(
    'type-checks a host module with moduleResolution %s',
    (resolution) => {
      const host = consumerProject();
      const options: ts.CompilerOptions = {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        skipDefaultLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2022.d.ts'],
        // A Node host: zod's own declarations name the global URL.
        types: ['node'],
        typeRoots: [join(root, 'node_modules', '@types')],
        ...(resolution === 'NodeNext'
          ? { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }
          : { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }),
      };
      const program = ts.createProgram({ rootNames: [host], options });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file?.fileName ?? ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(problems).toEqual([]);
      const resolved = program.getSourceFiles().map((file) => file.fileName);
      expect(
        resolved.some((name) => name.endsWith(`${TYPES_DIR}/index.d.ts`)),
        rebuild,
      ).toBe(true);
    },
    60_000,
  );

  it('packs dist/ with the exports targets and no sources', () => {
    const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const [packed] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
    const paths = packed?.files.map((file) => file.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['package.json', LIBRARY_FILE, `${TYPES_DIR}/index.d.ts`]));
    expect(paths.filter((path) => path.startsWith('src/') || path.startsWith('test/'))).toEqual([]);
  }, 30_000);
});

/** The package an import specifier names: `zod/v4/core` → `zod`, `@scope/name/sub` → `@scope/name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/**
 * A host project outside the repository with the package linked into its
 * node_modules; returns its module, which must type-check without errors and
 * whose `@ts-expect-error` fails if the declarations resolve to `any`.
 */
function consumerProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'writing-rules-host-'));
  temporary.push(dir);
  mkdirSync(join(dir, 'node_modules', '@voice'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', '@voice', 'writing-rules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'host', private: true, type: 'module' }));
  const file = join(dir, 'host.ts');
  writeFileSync(
    file,
    [
      "import { createWritingToolDispatcher, scanDocument, writingReviewTools, type FindWritingSignalsResult, type RuleId, type RuleRecord, type ScanDocumentArguments } from '@voice/writing-rules/tools';",
      '// The literal tool name types the data through the packaged declarations: no cast.',
      "const result = await createWritingToolDispatcher().dispatch({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.' } });",
      'export const data: FindWritingSignalsResult | undefined = result.ok ? result.data : undefined;',
      '// An exported part type takes the part of the (readonly) result that it names.',
      "const full = await createWritingToolDispatcher().dispatch({ name: 'get_writing_rules', arguments: { detail: 'full' } });",
      "export const records: readonly RuleRecord[] = full.ok && full.data.detail === 'full' ? full.data.rules : [];",
      '// A readonly array as an argument keeps the typed overload.',
      "const ruleIds: readonly RuleId[] = ['word-choice'];",
      "const chosen = await createWritingToolDispatcher().dispatch({ name: 'find_writing_signals', arguments: { text: 'x', ruleIds } });",
      'export const chosenData: FindWritingSignalsResult | undefined = chosen.ok ? chosen.data : undefined;',
      'export const quotes: string[] = result.ok ? result.data.signals.map((signal) => signal.quote) : [];',
      'export const names: string[] = writingReviewTools.map((tool) => tool.name);',
      "// scanDocument takes the tool's arguments and types its data the same way.",
      "const documentArgs: ScanDocumentArguments = { text: 'A powerful review panel.', format: 'markdown', ruleIds };",
      'const scanned = await scanDocument(documentArgs);',
      'export const documentData: FindWritingSignalsResult | undefined = scanned.ok ? scanned.data : undefined;',
      '// @ts-expect-error a field find_writing_signals does not have',
      "scanDocument({ text: 'x', detail: 'full' });",
      '// @ts-expect-error a host option the library does not define',
      "createWritingToolDispatcher({ endpoint: 'https://example.org' });",
      '',
    ].join('\n'),
  );
  return file;
}
