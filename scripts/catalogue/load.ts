// Reads the catalogue's YAML files from a root directory and validates each
// against its zod schema, reporting every problem by file and field path.
// Cross-file rules live in cross-check.ts; the build calls both.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { catalogueIndexSchema, ruleFileSchema, signalFileSchema, sourceSchema } from '../../src/core/catalogue/files-schema';
import { fieldPath, type ProblemList } from './problems';

/** A validated file and the name it was read from (without `.yaml`). */
export interface LoadedFile<T> {
  readonly file: string;
  readonly name: string;
  readonly data: T;
}

export interface LoadedCatalogue {
  readonly index: LoadedFile<z.infer<typeof catalogueIndexSchema>> | undefined;
  readonly rules: LoadedFile<z.infer<typeof ruleFileSchema>>[];
  readonly sources: LoadedFile<z.infer<typeof sourceSchema>>[];
  readonly signals: LoadedFile<z.infer<typeof signalFileSchema>>[];
  /** Names (without `.yaml`) of every file found per folder, valid or not. */
  readonly fileNames: { readonly rules: string[]; readonly sources: string[]; readonly signals: string[] };
}

export const INDEX_FILE = 'catalogue/release.yaml';
export const RULES_DIR = 'catalogue/rules';
export const SOURCES_DIR = 'catalogue/sources';
export const SIGNALS_DIR = 'catalogue/signals';

const EXPECTED: Record<string, string> = {
  array: 'a list',
  object: 'a mapping',
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
};

function issueMessage(issue: z.core.$ZodIssue): { path: string; message: string }[] {
  const path = fieldPath(issue.path);
  if (issue.path.length === 0 && issue.code === 'invalid_type') return [{ path, message: 'must be a YAML mapping' }];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: fieldPath([...issue.path, key]), message: 'unknown field' }));
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return [{ path, message: 'is required' }];
  if (issue.code === 'invalid_type') return [{ path, message: `must be ${EXPECTED[issue.expected] ?? issue.expected}` }];
  if (issue.code === 'invalid_value') {
    return [{ path, message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` }];
  }
  if (issue.code === 'too_small' && issue.origin === 'array') {
    return [{ path, message: `must list at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}` }];
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return [{ path, message: `must list at most ${String(issue.maximum)} items` }];
  }
  if (issue.code === 'too_big' && issue.origin === 'number') return [{ path, message: `must be at most ${String(issue.maximum)}` }];
  if (issue.code === 'too_small' && issue.origin === 'number') return [{ path, message: `must be at least ${String(issue.minimum)}` }];
  if (issue.code === 'invalid_format' && issue.format === 'date') return [{ path, message: 'must be a date YYYY-MM-DD' }];
  return [{ path, message: issue.message }];
}

const UNREADABLE = Symbol('unreadable');

function readYaml(root: string, file: string, problems: ProblemList): unknown {
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    problems.add(file, '', 'missing');
    return UNREADABLE;
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) problems.add(file, '', `not valid YAML: ${error.message.split('\n')[0]}`);
    return UNREADABLE;
  }
  return doc.toJS();
}

function loadFile<S extends z.ZodType>(root: string, file: string, schema: S, problems: ProblemList): z.infer<S> | undefined {
  const raw = readYaml(root, file, problems);
  if (raw === UNREADABLE) return undefined;
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    for (const { path, message } of issueMessage(issue)) problems.add(file, path, message);
  }
  return undefined;
}

function loadFolder<S extends z.ZodType>(
  root: string,
  dir: string,
  schema: S,
  problems: ProblemList,
): { files: LoadedFile<z.infer<S>>[]; names: string[] } {
  let entries: string[];
  try {
    entries = readdirSync(join(root, dir)).sort();
  } catch {
    problems.add(dir, '', 'missing folder');
    return { files: [], names: [] };
  }
  const files: LoadedFile<z.infer<S>>[] = [];
  const names: string[] = [];
  for (const entry of entries) {
    const file = `${dir}/${entry}`;
    if (!entry.endsWith('.yaml')) {
      problems.add(file, '', 'unexpected file: catalogue files end in .yaml');
      continue;
    }
    const name = entry.slice(0, -'.yaml'.length);
    names.push(name);
    const data = loadFile(root, file, schema, problems);
    if (data !== undefined) files.push({ file, name, data });
  }
  return { files, names };
}

/** Reads and validates every catalogue file under `root`; problems go to `problems`. */
export function loadCatalogue(root: string, problems: ProblemList): LoadedCatalogue {
  const indexData = loadFile(root, INDEX_FILE, catalogueIndexSchema, problems);
  const rules = loadFolder(root, RULES_DIR, ruleFileSchema, problems);
  const sources = loadFolder(root, SOURCES_DIR, sourceSchema, problems);
  const signals = loadFolder(root, SIGNALS_DIR, signalFileSchema, problems);
  return {
    index: indexData === undefined ? undefined : { file: INDEX_FILE, name: 'release', data: indexData },
    rules: rules.files,
    sources: sources.files,
    signals: signals.files,
    fileNames: { rules: rules.names, sources: sources.names, signals: signals.names },
  };
}
