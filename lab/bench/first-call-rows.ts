// Rows: start-up in Node.js, this tree against another commit (main unless
// `--baseline=<ref>`): the first `find_writing_signals` call in a new process,
// per language, and `writing-rules check README.md` as a whole command. The
// first call pays for what a process builds once: the scanner's plan for the
// language and V8 compiling its regexes. Both trees' library and command are
// bundled from source into a temporary folder as `npm run build` bundles
// dist/; each sample is a new `node` process, the two trees alternate round by
// round so load from other processes falls on both alike, and each row is the
// median of the rounds' ratios.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundleCli, bundleLibrary } from '../../scripts/build-library';
import { median, ms, notMeasured, pairedRatio, ratio, type Row } from './row';

const ROUNDS = 11;

// A text of the size an agent sends with one draft paragraph, with signals in
// both languages' records.
const TEXTS = {
  en: 'The new importer is powerful: it reads a file of 2,000 rows in under a second. In this section, we will explain how it works.',
  de: 'Der neue Importer ist leistungsstark: Er liest eine Datei mit 2.000 Zeilen in unter einer Sekunde. Der Kunde hat abgenommen.',
} as const;

// Run in the new process: import the library, create a dispatcher, time the
// first call; prints the milliseconds as JSON.
const CHILD = `
const [library, language, text] = process.argv.slice(2);
const begin = performance.now();
const { createWritingToolDispatcher } = await import(library);
const loaded = performance.now();
const result = await createWritingToolDispatcher().dispatch({ name: 'find_writing_signals', arguments: { text, language } });
const called = performance.now();
if (!result.ok) throw new Error(JSON.stringify(result.error));
console.log(JSON.stringify({ load: loaded - begin, first: called - loaded, signals: result.data.signals.length }));
`;

// The minimal Hono + zod module of the cold-start row, imported alone: what
// the library's import and first call are measured against.
const MINIMAL_ENTRY = 'lab/bench/entries/minimal-hono-zod.ts';
const MINIMAL_CHILD = `
const begin = performance.now();
await import(process.argv[2]);
console.log(JSON.stringify({ load: performance.now() - begin }));
`;

/** The minimal module bundled as the library is (dependencies left as imports), written into `dir`; its path. */
async function writeMinimal(root: string, dir: string): Promise<string> {
  const file = join(dir, 'minimal.js');
  await build({
    absWorkingDir: root,
    entryPoints: [MINIMAL_ENTRY],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    packages: 'external',
    logLevel: 'silent',
  });
  return file;
}

function minimalImport(root: string, child: string, minimal: string): number {
  const result = spawnSync(process.execPath, [child, minimal], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`minimal module import failed: ${result.stderr.slice(0, 500)}`);
  return (JSON.parse(result.stdout) as { load: number }).load;
}

interface Sample {
  readonly load: number;
  readonly first: number;
  readonly signals: number;
}

/** The commit the start-up rows compare with: `--baseline=<ref>`, main by default. */
export function baselineRef(): string {
  return process.argv.find((arg) => arg.startsWith('--baseline='))?.slice('--baseline='.length) ?? 'main';
}

/** The tree of `ref` from git, extracted into `dir`/tree with this checkout's node_modules linked in; its path. */
export function checkoutTree(root: string, ref: string, dir: string): string {
  const tree = join(dir, 'tree');
  mkdirSync(tree);
  const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', ref], { maxBuffer: 256 * 2 ** 20 });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  return tree;
}

/** `tree` with its generated files (catalogue and page modules, untracked) built, as `npm run build:worker` builds them. */
function builtTree(tree: string): string {
  execFileSync('npm', ['run', 'build:worker'], { cwd: tree, stdio: 'ignore' });
  return tree;
}

/** dist/tools.js and dist/cli.js of the tree at `root`, written into `dir`; the folder. */
async function writeDist(root: string, dir: string): Promise<string> {
  mkdirSync(dir);
  writeFileSync(join(dir, 'tools.js'), (await bundleLibrary(root)).code);
  writeFileSync(join(dir, 'cli.js'), await bundleCli(root));
  return dir;
}

function sample(root: string, child: string, dist: string, language: keyof typeof TEXTS): Sample {
  const result = spawnSync(process.execPath, [child, join(dist, 'tools.js'), language, TEXTS[language]], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`first call with ${dist} failed: ${result.stderr.slice(0, 500)}`);
  return JSON.parse(result.stdout) as Sample;
}

/** Wall milliseconds of `writing-rules check README.md` with the command in `dist`. */
function checkReadme(root: string, dist: string): number {
  const begin = performance.now();
  const result = spawnSync(process.execPath, [join(dist, 'cli.js'), 'check', '--no-config', '--exit-zero', 'README.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  const elapsed = performance.now() - begin;
  if (result.status !== 0) throw new Error(`writing-rules check with ${dist} failed: ${result.stderr.slice(0, 500)}`);
  return elapsed;
}

/** Per language, the first call with this tree and with the baseline, and `writing-rules check README.md` with both. */
export async function firstCallRows(root: string): Promise<Row[]> {
  const baseline = baselineRef();
  const measure = `first find_writing_signals call in a new Node.js process (${TEXTS.en.length}-unit text), median of the ratios of ${ROUNDS} alternating rounds: this tree ÷ ${baseline}`;
  const versusMinimal = `import + first find_writing_signals call in a new Node.js process ÷ import of a minimal Hono + zod module (${MINIMAL_ENTRY}), medians of ${ROUNDS} alternating rounds`;
  const command = `writing-rules check README.md, wall time of the whole command, median of the ratios of ${ROUNDS} alternating rounds: this tree ÷ ${baseline}`;
  const dir = mkdtempSync(join(tmpdir(), 'first-call-'));
  try {
    // node_modules beside the bundles, so their imports (zod, entities) resolve.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const child = join(dir, 'child.mjs');
    writeFileSync(child, CHILD);
    const minimalChild = join(dir, 'minimal-child.mjs');
    writeFileSync(minimalChild, MINIMAL_CHILD);
    const minimal = await writeMinimal(root, dir);
    const dists = {
      ours: await writeDist(root, join(dir, 'this-tree')),
      baseline: await writeDist(builtTree(checkoutTree(root, baseline, dir)), join(dir, 'baseline')),
    };
    const cells: Record<keyof typeof TEXTS, string> = { en: '', de: '' };
    const minimalCells: Record<keyof typeof TEXTS, string> = { en: '', de: '' };
    const minimalRatios: number[] = [];
    for (const language of ['en', 'de'] as const) {
      const samples = { ours: [] as Sample[], baseline: [] as Sample[] };
      const minimalLoads: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const which of ['ours', 'baseline'] as const) samples[which].push(sample(root, child, dists[which], language));
        minimalLoads.push(minimalImport(root, minimalChild, minimal));
      }
      const whole = median(samples.ours.map((s) => s.load + s.first));
      const minimalLoad = median(minimalLoads);
      minimalRatios.push(whole / minimalLoad);
      minimalCells[language] = `${ms(whole)} / ${ms(minimalLoad)} = ${ratio(whole / minimalLoad)}`;
      // Each tree must find the same signals every round; the two trees may differ (a list change is what this row times).
      const counts = { ours: new Set(samples.ours.map((s) => s.signals)), baseline: new Set(samples.baseline.map((s) => s.signals)) };
      if (counts.ours.size !== 1 || counts.baseline.size !== 1)
        throw new Error(`${language}: a tree found different numbers of signals in different rounds`);
      const signalNote = `${[...counts.ours][0]} vs ${[...counts.baseline][0]} signals`;
      const [ours, theirs] = [median(samples.ours.map((s) => s.first)), median(samples.baseline.map((s) => s.first))];
      const [oursLoad, theirsLoad] = [median(samples.ours.map((s) => s.load)), median(samples.baseline.map((s) => s.load))];
      console.log(
        `first call ${language}, ms by round: this tree ${samples.ours.map((s) => s.first.toFixed(0)).join(', ')}; ` +
          `${baseline} ${samples.baseline.map((s) => s.first.toFixed(0)).join(', ')}; import ${oursLoad.toFixed(0)} vs ${theirsLoad.toFixed(0)} ms`,
      );
      const firstRatio = pairedRatio(
        samples.ours.map((s) => s.first),
        samples.baseline.map((s) => s.first),
      );
      const loadRatio = pairedRatio(
        samples.ours.map((s) => s.load),
        samples.baseline.map((s) => s.load),
      );
      cells[language] = `${ratio(firstRatio)} (medians ${ms(ours)} vs ${ms(theirs)}; import ${ratio(loadRatio)}; ${signalNote})`;
    }
    const walls = { ours: [] as number[], baseline: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const which of ['ours', 'baseline'] as const) walls[which].push(checkReadme(root, dists[which]));
    }
    console.log(
      `writing-rules check README.md, ms by round: this tree ${walls.ours.map((t) => t.toFixed(0)).join(', ')}; ${baseline} ${walls.baseline.map((t) => t.toFixed(0)).join(', ')}`,
    );
    const [oursWall, theirWall] = [median(walls.ours), median(walls.baseline)];
    return [
      { measure, en: cells.en, de: cells.de, target: '', met: null },
      { measure: versusMinimal, en: minimalCells.en, de: minimalCells.de, target: '≤ 3×', met: minimalRatios.every((r) => r <= 3) },
      {
        measure: command,
        en: `${ratio(pairedRatio(walls.ours, walls.baseline))} (medians ${ms(oursWall)} vs ${ms(theirWall)})`,
        de: '(English README)',
        target: '',
        met: null,
      },
    ];
  } catch (error) {
    return [notMeasured(measure, error), notMeasured(versusMinimal, error), notMeasured(command, error)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
