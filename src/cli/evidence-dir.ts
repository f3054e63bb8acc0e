// `writing-rules mcp --evidence-dir DIR`: evidence read once from the JSON
// files of one directory (not its subdirectories), each a file as
// `npm run evidence:put` takes it, its scope taken from its `query`. Each is
// checked with the Worker's own file check, and served through the Worker's
// own reader over an in-memory stand-in for KV, so a call answers exactly as
// the deployed Worker would with the same files uploaded. Nothing is written.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { printable } from '../core/input-checks/echo';
import type { ModelComparisonContext, ModelComparisonEvidenceReader } from '../core/dispatch/types';
import { checkEvidenceFile } from '../worker/evidence-file';
import { createEvidenceReader } from '../worker/evidence-reader';
import { readTextFile } from './files';
import { UsageError } from './settings';

export interface EvidenceDirectory {
  readonly reader: ModelComparisonEvidenceReader;
  /** The files read, as shown in messages. */
  readonly files: readonly string[];
  /** Files whose scope is known but whose evidence is refused: calls for that scope answer invalid-host-evidence. */
  readonly warnings: readonly string[];
}

/**
 * Reads and checks every `*.json` file of `dir` under `context`. A file whose
 * scope cannot be read (not JSON, or a query the host does not serve), two
 * files for one scope, or an unreadable directory is a UsageError naming the
 * file: the server does not start on evidence it cannot place.
 */
export async function loadEvidenceDirectory(dir: string, cwd: string, context: ModelComparisonContext): Promise<EvidenceDirectory> {
  const shown = (path: string) => printable(relative(cwd, path) || path);
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.json'))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new UsageError(`--evidence-dir ${shown(dir)}: cannot read the directory (${code})`);
  }
  const stored = new Map<string, { readonly file: string; readonly value: string }>();
  const warnings: string[] = [];
  const files: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const file = shown(path);
    files.push(file);
    const read = readTextFile(path);
    if (!read.ok) throw new UsageError(`${file}: the evidence file ${read.message}`);
    const checked = await checkEvidenceFile(file, read.text, context);
    if (checked.key === undefined) {
      throw new UsageError(`${checked.ok ? file : checked.message}; an evidence file's query must name a scope this host serves`);
    }
    const other = stored.get(checked.key);
    if (other !== undefined) throw new UsageError(`${file}: same scope ${checked.key} as ${other.file}`);
    // A refused file is still served for its scope, as a bad KV value would be: the call reports it.
    if (!checked.ok) warnings.push(`${checked.message}; get_model_comparison_evidence answers invalid-host-evidence for ${checked.key}`);
    stored.set(checked.key, { file, value: checked.ok ? checked.value : read.text });
  }
  const memory = { get: async (key: string) => stored.get(key)?.value ?? null };
  // KV's cache lifetime means nothing for values held in memory.
  return { reader: createEvidenceReader(memory, { cacheTtlSeconds: 0 }), files, warnings };
}
