// Lets a build step skip its work when nothing it reads or writes has changed
// since it last succeeded: `npm test` builds first, and on a fresh clone
// `npm ci` (prepare) has just built the same files. A step names what it reads
// and what it writes; its stamp, under node_modules/.cache like the linear-time
// proofs' cache, holds a SHA-256 of each side. Any edit, a removed or
// hand-changed output, another Node.js or another lockfile makes it run again.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const STAMP_DIR = 'node_modules/.cache/writing-rules-build';

/** One build step: what it reads and writes, as paths (files or folders) under the repository root. */
export interface BuildStep {
  readonly name: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
}

interface Stamp {
  readonly inputs: string;
  readonly outputs: string;
}

/** Every file at or under `path` (relative to `root`), sorted; none when it does not exist. */
function filesAt(root: string, path: string): string[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(join(root, path));
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [path];
  return readdirSync(join(root, path))
    .sort()
    .flatMap((name) => filesAt(root, `${path}/${name}`));
}

/**
 * A SHA-256 over the names and contents of every file under `paths`, with the
 * Node.js version; null when `required` and one of the paths holds no file.
 */
function digestOf(root: string, paths: readonly string[], required: boolean): string | null {
  const hash = createHash('sha256').update(process.version);
  for (const path of paths) {
    const files = filesAt(root, path);
    if (required && files.length === 0) return null;
    for (const file of files) {
      const content = readFileSync(join(root, file));
      hash.update(`\0${file}\0${content.length}\0`).update(content);
    }
  }
  return hash.digest('hex');
}

/** The step's digests now; null when an output is missing. An output inside an input folder counts on both sides. */
function digests(root: string, step: BuildStep): Stamp | null {
  const outputs = digestOf(root, step.outputs, true);
  return outputs === null ? null : { inputs: digestOf(root, step.inputs, false)!, outputs };
}

const stampFile = (root: string, step: BuildStep) => join(root, STAMP_DIR, `${step.name}.json`);

/** Whether the step's inputs and outputs are exactly as its last successful run left them. */
export function isUpToDate(root: string, step: BuildStep): boolean {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(root, step), 'utf8')) as Stamp;
  } catch {
    return false;
  }
  const now = digests(root, step);
  return now !== null && now.inputs === stamp.inputs && now.outputs === stamp.outputs;
}

/** Records a successful run of the step, so the next run with the same files can skip it. */
export function recordBuild(root: string, step: BuildStep): void {
  const now = digests(root, step);
  if (now === null) return;
  const file = stampFile(root, step);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(now)}\n`);
}
