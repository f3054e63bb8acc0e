// The config file: JSON in the directory the command runs from, looked up as
// writing-rules.config.json, then .writing-rules.json (or named with
// --config). It sets defaults for every file, globs to skip, and per-glob
// language, profile or rules, so a mixed English/German tree is one command.
import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import * as z from 'zod';
import { echo, printable } from '../core/input-checks/echo';
import { MAX_COHORT_ID_UNITS, MAX_MODEL_ID_UNITS, MAX_REVIEW_CONTEXT_UNITS, idListProblem, plainTextProblem } from '../core/index';
import { readTextFile } from './files';
import { SETTINGS, UsageError, type PartialSettings, type ScanSettings } from './settings';

/** The names looked up in the current directory, in order. */
export const CONFIG_FILE_NAMES = ['writing-rules.config.json', '.writing-rules.json'] as const;

const globs = z.array(z.string().trim().min(1, 'must be a non-empty glob')).min(1, 'must list at least one glob');

const overrideSchema = z.strictObject({
  files: globs,
  language: SETTINGS.language.schema.optional(),
  profile: SETTINGS.profile.schema.optional(),
  rules: SETTINGS.rules.schema.optional(),
});

/** A zod string whose check is one of the core's `…Problem` functions, naming the field. */
const checkedText = (problem: (value: string) => string | undefined) =>
  z.string().check((ctx) => {
    const message = problem(ctx.value);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

const checkedIds = (label: string, maxUnits: number) =>
  z.array(z.string()).check((ctx) => {
    const message = idListProblem(ctx.value, maxUnits, { list: label, item: (index) => `${label}[${index}]` });
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });

/** The host context of `writing-rules mcp`: what the Worker reads from its variables. */
const mcpSchema = z.strictObject({
  audience: checkedText((value) => plainTextProblem('mcp.audience', value, MAX_REVIEW_CONTEXT_UNITS)).optional(),
  goal: checkedText((value) => plainTextProblem('mcp.goal', value, MAX_REVIEW_CONTEXT_UNITS)).optional(),
  modelIds: checkedIds('mcp.modelIds', MAX_MODEL_ID_UNITS).optional(),
  cohortIds: checkedIds('mcp.cohortIds', MAX_COHORT_ID_UNITS).optional(),
  evidenceDir: z.string().trim().min(1).optional(),
});

/** The config's `mcp` section, with `evidenceDir` made absolute against the config file's directory. */
export type McpConfig = z.infer<typeof mcpSchema>;

const configSchema = z.strictObject({
  $schema: z.string().optional(),
  language: SETTINGS.language.schema.optional(),
  profile: SETTINGS.profile.schema.optional(),
  rules: SETTINGS.rules.schema.optional(),
  maxSignals: SETTINGS.maxSignals.schema.optional(),
  minLevel: SETTINGS.minLevel.schema.optional(),
  failOnSignals: SETTINGS.failOnSignals.schema.optional(),
  format: SETTINGS.format.schema.optional(),
  ignore: globs.optional(),
  overrides: z.array(overrideSchema).optional(),
  mcp: mcpSchema.optional(),
});

export type ConfigFileContent = z.infer<typeof configSchema>;

/** A loaded config: its defaults, and what applies to each file. */
export interface Config {
  /** Where it was read from, relative to the working directory; null for none. */
  readonly file: string | null;
  readonly defaults: PartialSettings;
  /** The `mcp` section, for `writing-rules mcp`. */
  readonly mcp: McpConfig;
  /** Each override's settings, in file order (its `files` left out). */
  readonly overrides: readonly Partial<ScanSettings>[];
  /** Whether a file found by walking a directory is skipped. */
  isIgnored(absolutePath: string): boolean;
  /** The override settings for a file, later overrides winning. */
  overridesFor(absolutePath: string): Partial<ScanSettings>;
}

const NO_CONFIG: Config = {
  file: null,
  defaults: {},
  mcp: {},
  overrides: [],
  isIgnored: () => false,
  overridesFor: () => ({}),
};

/**
 * Reads the config named by `--config`, or the first default name present in
 * `cwd`; null means `--no-config`. Throws UsageError naming the file and field.
 */
export function loadConfig(cwd: string, configFile: string | null | undefined): Config {
  if (configFile === null) return NO_CONFIG;
  const candidates = configFile === undefined ? CONFIG_FILE_NAMES.map((name) => resolve(cwd, name)) : [resolve(cwd, configFile)];
  for (const path of candidates) {
    if (configFile === undefined && !existsSync(path)) continue;
    // Read as the checked files are: UTF-8 only, a byte order mark dropped, binary and oversized content refused.
    const read = readTextFile(path);
    if (!read.ok) throw new UsageError(`${printable(configFile ?? relative(cwd, path))}: the config file ${read.message}`);
    return parseConfig(read.text, path, cwd);
  }
  return NO_CONFIG;
}

/** Parses config text read from `path`; globs are relative to the file's directory. */
export function parseConfig(text: string, path: string, cwd: string): Config {
  const label = relative(cwd, path) || path;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the text around the error: printable, as every echoed value.
    throw new UsageError(`${printable(label)}: not valid JSON (${printable(error instanceof Error ? error.message : String(error))})`);
  }
  const result = configSchema.safeParse(json, { reportInput: true });
  if (!result.success) throw new UsageError(`${label}: ${configIssue(result.error.issues[0], json)}`);
  const { ignore = [], overrides = [], $schema: _schema, mcp = {}, ...defaults } = result.data;
  const base = dirname(path);
  const relativeTo = (absolutePath: string): string | null => {
    const rel = relative(base, absolutePath);
    return rel.startsWith('..') ? null : rel.split(sep).join('/');
  };
  const ignored = ignore.map(globMatcher);
  const compiled = overrides.map(({ files, ...settings }) => ({ matchers: files.map(globMatcher), settings }));
  return {
    file: label,
    defaults,
    mcp: mcp.evidenceDir === undefined ? mcp : { ...mcp, evidenceDir: resolve(base, mcp.evidenceDir) },
    overrides: compiled.map(({ settings }) => settings),
    isIgnored(absolutePath) {
      const rel = relativeTo(absolutePath);
      return rel !== null && ignored.some((matches) => matches(rel));
    },
    overridesFor(absolutePath) {
      const rel = relativeTo(absolutePath);
      if (rel === null) return {};
      const applied: Partial<ScanSettings> = {};
      for (const { matchers, settings } of compiled) {
        if (matchers.some((matches) => matches(rel))) Object.assign(applied, settings);
      }
      return applied;
    },
  };
}

const FIELD_MUST: Record<string, string> = {
  language: SETTINGS.language.must,
  profile: SETTINGS.profile.must,
  rules: SETTINGS.rules.must,
  maxSignals: SETTINGS.maxSignals.must,
  minLevel: SETTINGS.minLevel.must,
  failOnSignals: SETTINGS.failOnSignals.must,
  format: SETTINGS.format.must,
  ignore: 'a list of non-empty globs',
  files: 'a list of non-empty globs',
  overrides: 'a list of objects with files and language, profile or rules',
  mcp: 'an object with audience, goal, modelIds, cohortIds or evidenceDir',
  modelIds: 'a list of model IDs',
  cohortIds: 'a list of cohort IDs',
  audience: 'a string',
  goal: 'a string',
  evidenceDir: 'a non-empty path to a directory',
  $schema: 'a string',
};

/** One sentence naming the field: `overrides[1].language must be one of 'en', 'de' (got 'fr')`. */
function configIssue(issue: z.core.$ZodIssue | undefined, json: unknown): string {
  if (issue === undefined) return 'not a valid config';
  const path = pathText(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const where = path === '' ? '' : ` in ${path}`;
    const shape = path === '' ? configSchema.shape : path === 'mcp' ? mcpSchema.shape : overrideSchema.shape;
    return `unknown field ${echo(issue.keys[0])}${where}; known fields: ${Object.keys(shape).join(', ')}`;
  }
  if (path === '') return 'must be a JSON object';
  // The core's checks of the mcp section name the field and the bound themselves.
  if (issue.code === 'custom' && issue.path[0] === 'mcp') return issue.message;
  // The innermost named field decides the bound: `rules[2]` is judged as `rules`.
  const fieldAt = issue.path.findLastIndex((key) => typeof key === 'string');
  const field = String(issue.path[fieldAt] ?? '');
  // A rule list is judged whole, as --rules is: every unknown ID, with the IDs to choose from.
  if (field === 'rules') {
    const listPath = issue.path.slice(0, fieldAt + 1);
    const problem = SETTINGS.rules.problem?.(valueAt(json, listPath));
    if (problem !== undefined) return `${pathText(listPath)} ${problem}`;
  }
  const must = FIELD_MUST[field] ?? 'valid';
  const got = 'input' in issue && issue.input !== undefined ? ` (got ${echo(issue.input)})` : '';
  return `${path} must be ${must}${got}`;
}

/** `overrides[1].rules` for the path `['overrides', 1, 'rules']`. */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    json,
  );
}

// Glob patterns in the config file's `ignore` and `overrides[].files`,
// matched against paths relative to the config file's directory with `/`
// separators: `*` matches within one path segment, `**` any number of
// segments, `?` one character; a pattern without `/` matches the file name
// at any depth, as in .gitignore. Every other character is itself.
//
// A pattern is matched by simulating all its positions at once (a Thompson
// NFA), not by a backtracking regex: a config file committed to a repository
// must not be able to hang its CI. Time is at most the pattern's length times
// the path's, whatever both hold.

type GlobToken =
  | { readonly kind: 'char'; readonly char: string }
  /** `?`: one character other than `/`. */
  | { readonly kind: 'one' }
  /** `*`: any run of characters other than `/`. */
  | { readonly kind: 'star' }
  /** `**` not followed by `/`: anything. */
  | { readonly kind: 'rest' }
  /** `**\/`: zero or more whole segments, each ending in `/`. */
  | { readonly kind: 'segments' };

function globTokens(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  const chars = [...pattern];
  for (let at = 0; at < chars.length; at++) {
    const char = chars[at] as string;
    if (char === '*' && chars[at + 1] === '*') {
      const slashAfter = chars[at + 2] === '/';
      tokens.push({ kind: slashAfter ? 'segments' : 'rest' });
      at += slashAfter ? 2 : 1;
    } else if (char === '*') tokens.push({ kind: 'star' });
    else if (char === '?') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

/** A matcher for one pattern. */
export function globMatcher(pattern: string): (relativePath: string) => boolean {
  const anchored = pattern.includes('/');
  const body = pattern.replace(/^\.\//, '').replace(/^\//, '');
  const tokens = globTokens(anchored ? body : `**/${body}`);
  return (relativePath) => matchGlob(tokens, relativePath);
}

// State 2i: before token i; state 2i + 1: inside a segment of the `segments`
// token i; state 2n: the whole pattern matched. Epsilon moves go only forward
// (a star, rest or segments token may match nothing), so one ascending pass closes a set.
function matchGlob(tokens: readonly GlobToken[], path: string): boolean {
  const final = 2 * tokens.length;
  let current = new Uint8Array(final + 1);
  let next = new Uint8Array(final + 1);
  const close = (states: Uint8Array) => {
    for (let i = 0; i < tokens.length; i++) {
      const kind = (tokens[i] as GlobToken).kind;
      if (states[2 * i] === 1 && (kind === 'star' || kind === 'rest' || kind === 'segments')) states[2 * i + 2] = 1;
    }
  };
  current[0] = 1;
  close(current);
  for (const char of path) {
    next.fill(0);
    let alive = false;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as GlobToken;
      if (current[2 * i + 1] === 1) {
        next[char === '/' ? 2 * i : 2 * i + 1] = 1;
        alive = true;
      }
      if (current[2 * i] !== 1) continue;
      const slash = char === '/';
      if (token.kind === 'char' && token.char === char) next[2 * i + 2] = 1;
      else if (token.kind === 'one' && !slash) next[2 * i + 2] = 1;
      else if (token.kind === 'star' && !slash) next[2 * i] = 1;
      else if (token.kind === 'rest') next[2 * i] = 1;
      else if (token.kind === 'segments') next[slash ? 2 * i : 2 * i + 1] = 1;
      else continue;
      alive = true;
    }
    if (!alive) return false;
    close(next);
    [current, next] = [next, current];
  }
  return current[final] === 1;
}
