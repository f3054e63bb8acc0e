// `npm run build`, third step: builds the library entry `@voice/writing-rules/tools`
// for plain Node.js, bundlers and TypeScript hosts. Writes dist/tools.js (one ES
// module from src/core/index.ts, catalogue inlined, runtime dependencies such as
// zod left as imports so a host shares one copy) and dist/types/ (declarations of
// src/core, relative specifiers ending in `.js` so NodeNext hosts resolve them).
// Run after the catalogue build; package.json `exports` points at both outputs.
// Also writes dist/cli.js, the `writing-rules` executable (package.json `bin`),
// which imports the library from ./tools.js rather than bundling a second copy.
// Skipped when nothing it reads or writes changed since it last succeeded.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as ts from 'typescript';
import { type BuildStep, isUpToDate, recordBuild } from './lib/build-stamp';

/** The bundled module, relative to the repository root. */
export const LIBRARY_FILE = 'dist/tools.js';
/** The declarations folder; `index.d.ts` in it types the entry. */
export const TYPES_DIR = 'dist/types';
const ENTRY = 'src/core/index.ts';
const SOURCE_DIR = 'src/core';
/** The command-line executable, relative to the repository root. */
export const CLI_FILE = 'dist/cli.js';
const CLI_ENTRY = 'src/cli/main.ts';

/** dist/tools.js as text, and the packages it imports instead of bundling. */
export async function bundleLibrary(root: string): Promise<{ code: string; externals: string[] }> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    outfile: LIBRARY_FILE,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: Object.keys(manifest.dependencies ?? {}),
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild wrote no output for ${ENTRY}`);
  const externals = Object.values(result.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external)
    .map((entry) => entry.path);
  return { code, externals: [...new Set(externals)].sort() };
}

/**
 * dist/cli.js as text: src/cli for Node, with a shebang. Imports of the core's
 * entry resolve to the built library beside it, so the command runs exactly
 * the library hosts import; other packages stay imports too.
 */
export async function bundleCli(root: string): Promise<string> {
  const coreEntry = resolve(root, ENTRY);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [CLI_ENTRY],
    outfile: CLI_FILE,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    banner: { js: '#!/usr/bin/env node' },
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'library-entry',
        setup(builder) {
          builder.onResolve({ filter: /\/core\/index$/ }, (args) =>
            resolve(args.resolveDir, `${args.path}.ts`) === coreEntry ? { path: './tools.js', external: true } : undefined,
          );
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.text;
  if (code === undefined) throw new Error(`esbuild wrote no output for ${CLI_ENTRY}`);
  return code;
}

/**
 * Writes the declarations of src/core into `outDir` (emptied first) and returns
 * the problems: type errors in the library sources or declaration errors, one
 * formatted line each. Nothing is written when there are problems.
 */
export function emitDeclarations(root: string, outDir: string): { files: string[]; problems: string[] } {
  const configPath = join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return { files: [], problems: [format(read.error)] };
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    rootDir: join(root, SOURCE_DIR),
    outDir,
  };
  const program = ts.createProgram({ rootNames: [join(root, ENTRY)], options });
  const before = ts.getPreEmitDiagnostics(program);
  if (before.length > 0) return { files: [], problems: before.map(format) };

  rmSync(outDir, { recursive: true, force: true });
  const files: string[] = [];
  const emitted = program.emit(
    undefined,
    (fileName, text) => {
      mkdirSync(dirname(fileName), { recursive: true });
      writeFileSync(fileName, text);
      files.push(fileName);
    },
    undefined,
    true,
    { afterDeclarations: [withJsSpecifiers] },
  );
  return { files, problems: emitted.diagnostics.map(format) };
}

/**
 * Rewrites each relative module specifier of a declaration file to the `.js`
 * name Node's ESM resolution expects ('./dispatcher' → './dispatcher.js');
 * TypeScript maps it back to the `.d.ts` beside it.
 */
function withJsSpecifiers(context: ts.TransformationContext): (node: ts.SourceFile | ts.Bundle) => ts.SourceFile | ts.Bundle {
  const { factory } = context;
  return (node) => {
    if (!ts.isSourceFile(node)) return node;
    const from = dirname(node.fileName);
    const rename = (literal: ts.StringLiteral): ts.StringLiteral =>
      literal.text.startsWith('.') ? factory.createStringLiteral(jsSpecifier(from, literal.text)) : literal;
    const visit = (child: ts.Node): ts.Node => {
      if (ts.isImportDeclaration(child) && ts.isStringLiteral(child.moduleSpecifier)) {
        return factory.updateImportDeclaration(child, child.modifiers, child.importClause, rename(child.moduleSpecifier), child.attributes);
      }
      if (ts.isExportDeclaration(child) && child.moduleSpecifier && ts.isStringLiteral(child.moduleSpecifier)) {
        return factory.updateExportDeclaration(
          child,
          child.modifiers,
          child.isTypeOnly,
          child.exportClause,
          rename(child.moduleSpecifier),
          child.attributes,
        );
      }
      if (ts.isImportTypeNode(child) && ts.isLiteralTypeNode(child.argument) && ts.isStringLiteral(child.argument.literal)) {
        return factory.updateImportTypeNode(
          child,
          factory.updateLiteralTypeNode(child.argument, rename(child.argument.literal)),
          child.attributes,
          child.qualifier,
          child.typeArguments?.map((type) => ts.visitNode(type, visit, ts.isTypeNode)),
          child.isTypeOf,
        );
      }
      return ts.visitEachChild(child, visit, context);
    };
    return ts.visitEachChild(node, visit, context);
  };
}

function jsSpecifier(fromDir: string, specifier: string): string {
  if (/\.(?:m?js|json)$/.test(specifier)) return specifier;
  const target = resolve(fromDir, specifier);
  if (existsSync(`${target}.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.ts'))) return `${specifier}/index.js`;
  throw new Error(`cannot map '${specifier}' in ${fromDir} to a module of ${SOURCE_DIR}`);
}

function format(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${diagnostic.file.fileName}:${line + 1}:${character + 1} TS${diagnostic.code}: ${message}`;
}

/**
 * The step's inputs and outputs: it is skipped when none changed since it last
 * succeeded. All of src/, since the command also bundles src/mcp and parts of
 * src/worker (test/build/build-stamp.test.ts checks the bundles read nothing else).
 */
export const LIBRARY_STEP: BuildStep = {
  name: 'library',
  inputs: ['src', 'scripts/build-library.ts', 'scripts/lib/build-stamp.ts', 'tsconfig.json', 'package.json', 'package-lock.json'],
  outputs: [LIBRARY_FILE, CLI_FILE, TYPES_DIR],
};

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const started = performance.now();
  if (isUpToDate(root, LIBRARY_STEP)) {
    console.log(`library: nothing changed since the last build (${Math.round(performance.now() - started)} ms)`);
    return;
  }
  const types = emitDeclarations(root, join(root, TYPES_DIR));
  if (types.problems.length > 0) {
    for (const problem of types.problems) console.error(problem);
    console.error(`library build failed: ${types.problems.length} problems`);
    process.exitCode = 1;
    return;
  }
  const { code, externals } = await bundleLibrary(root);
  mkdirSync(join(root, dirname(LIBRARY_FILE)), { recursive: true });
  writeFileSync(join(root, LIBRARY_FILE), code);
  const cli = await bundleCli(root);
  writeFileSync(join(root, CLI_FILE), cli);
  chmodSync(join(root, CLI_FILE), 0o755);
  const kib = (Buffer.byteLength(code) / 1024).toFixed(1);
  const imports = externals.length > 0 ? externals.join(', ') : 'nothing';
  console.log(
    `library: wrote ${LIBRARY_FILE} (${kib} KiB, imports ${imports}) and ` +
      `${types.files.length} declaration files in ${relative(root, join(root, TYPES_DIR))} ` +
      `(${Math.round(performance.now() - started)} ms); ${CLI_FILE} (${(Buffer.byteLength(cli) / 1024).toFixed(1)} KiB)`,
  );
  recordBuild(root, LIBRARY_STEP);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
