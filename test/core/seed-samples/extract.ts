// Finds the TypeScript samples in a seed document (plain text, no code fences) and
// turns them into the modules a reader would paste; used by seed-samples.test.ts.
import * as ts from 'typescript';

/** One block of sample code, exactly as the seed prints it. */
export interface SeedBlock {
  /** 1-based line of the block's first line in the seed. */
  readonly line: number;
  /** The block's lines joined with `\n`, without trailing blank lines. */
  readonly code: string;
  /** True when the block continues the previous sample (it starts without imports). */
  readonly continuesPrevious: boolean;
}

/** A module built from one or more consecutive blocks, ready to be written to disk. */
export interface SampleModule {
  /** e.g. `seed-sample-2`; numbered by the module's last block. */
  readonly name: string;
  /** The blocks in the order they are joined. */
  readonly blocks: readonly SeedBlock[];
  /** The blocks' code joined by one blank line: each block stays byte-identical. */
  readonly sampleText: string;
  /** Names declared at the top level of `sampleText`, in order. */
  readonly topLevelNames: readonly string[];
  /** `sampleText` plus an `export { ... }` line that exposes `topLevelNames`. */
  readonly moduleText: string;
}

// A new sample opens with an import; a block that opens with a declaration or an
// awaited call continues the sample before it (it uses the names declared there).
const SAMPLE_START = /^import \{/;
const CONTINUATION_START = /^(?:const|let|await) /;
// Inside a block, a line is code when it is blank, indented, or opens with one of
// these tokens. The first other line is prose again and ends the block. The seed's
// prose paragraphs are single unindented lines that open with a word, a bullet or
// a shell command (`npm --prefix ...`, which is not a TypeScript sample).
const CODE_LINE = /^(?:$|\s|import |const |let |await |type |export |\/\/|[}\])])/;

/** The code blocks of `seedText` in document order. Throws when a continuation has no sample before it. */
export function extractSeedBlocks(seedText: string): SeedBlock[] {
  const lines = seedText.split('\n');
  const blocks: SeedBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const first = lines[index] ?? '';
    const opensSample = SAMPLE_START.test(first);
    if (!opensSample && !CONTINUATION_START.test(first)) {
      index += 1;
      continue;
    }
    if (!opensSample && blocks.length === 0) {
      throw new Error(`seed line ${index + 1} continues a sample, but no sample comes before it`);
    }
    let end = index + 1;
    while (end < lines.length && CODE_LINE.test(lines[end] ?? '')) end += 1;
    let last = end;
    while (last > index && (lines[last - 1] ?? '').trim() === '') last -= 1;
    blocks.push({ line: index + 1, code: lines.slice(index, last).join('\n'), continuesPrevious: !opensSample });
    index = end;
  }
  return blocks;
}

/**
 * One module per block: a sample on its own, and each continuation together with
 * the sample (and earlier continuations) it builds on.
 */
export function buildSampleModules(blocks: readonly SeedBlock[]): SampleModule[] {
  const modules: SampleModule[] = [];
  let chain: SeedBlock[] = [];
  blocks.forEach((block, position) => {
    chain = block.continuesPrevious ? [...chain, block] : [block];
    const sampleText = chain.map((b) => b.code).join('\n\n');
    const topLevelNames = declaredNames(sampleText);
    const exportLine = topLevelNames.length > 0 ? `\n\nexport { ${topLevelNames.join(', ')} };\n` : '\n';
    modules.push({
      name: `seed-sample-${position + 1}`,
      blocks: chain,
      sampleText,
      topLevelNames,
      moduleText: sampleText + exportLine,
    });
  });
  return modules;
}

/** Names of the top-level `const`/`let`/`var` declarations (not imports) of a module's text. */
function declaredNames(code: string): string[] {
  const file = ts.createSourceFile('sample.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    }
  }
  return names;
}
