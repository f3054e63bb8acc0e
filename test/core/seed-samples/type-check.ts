// Type-checks sample modules with the project's own compiler options (tsconfig.json,
// strict), the way `tsc --noEmit` would; used by seed-samples.test.ts.
import * as ts from 'typescript';

/**
 * Diagnostics of `files`, one formatted string each (file:line:col message), plus
 * any option or global diagnostics. Errors inside the package's own sources are
 * left to `npm run typecheck`.
 */
export function typeCheckFiles(repoRoot: string, files: readonly string[]): string[] {
  const configPath = ts.findConfigFile(repoRoot, ts.sys.fileExists, 'tsconfig.json');
  if (!configPath) throw new Error(`no tsconfig.json found from ${repoRoot}`);
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return [format(read.error)];
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, repoRoot, undefined, configPath);
  const program = ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true } });
  const wanted = new Set(files.map((file) => ts.sys.resolvePath(file)));
  const diagnostics = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program
      .getSourceFiles()
      .filter((source) => wanted.has(ts.sys.resolvePath(source.fileName)))
      .flatMap((source) => [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]),
  ];
  const missing = files.filter((file) => !program.getSourceFile(file));
  return [...missing.map((file) => `${file}: not part of the program`), ...diagnostics.map(format)];
}

function format(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${diagnostic.file.fileName}:${line + 1}:${character + 1} TS${diagnostic.code}: ${message}`;
}
