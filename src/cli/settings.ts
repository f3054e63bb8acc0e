// The settings a check runs with, one table for both places they come from:
// command-line options and the config file. Each setting is a zod schema plus
// the phrase that states its bound, so the two sources report a bad value in
// the same words. A bad value is a UsageError: exit code 2 before any file is
// checked, with its message shown as is.
import * as z from 'zod';
// The core's quoting of a value in a message, so the command names a bad value
// as the HTTP API and MCP do; a few lines bundled into dist/cli.js.
import { echo } from '../core/input-checks/echo';
import {
  LANGUAGES,
  MAX_SIGNALS,
  PROFILE_IDS,
  RULE_IDS,
  SCANNABLE_RULE_IDS,
  SIGNAL_LEVELS,
  type Language,
  type ProfileId,
  type RuleId,
  type SignalLevel,
} from '../core/index';

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'rdjson', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const oneOf = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

interface SettingSpec<S extends z.ZodType> {
  readonly schema: S;
  /** Completes "<name> must be …". */
  readonly must: string;
  /**
   * For a value the schema refused, the exact problem, completing "<name> …";
   * undefined where `must` says it best.
   */
  readonly problem?: (value: unknown) => string | undefined;
}

const spec = <S extends z.ZodType>(schema: S, must: string, problem?: SettingSpec<S>['problem']): SettingSpec<S> => ({
  schema,
  must,
  ...(problem ? { problem } : {}),
});

export const SETTINGS = {
  language: spec(z.enum(LANGUAGES), `one of ${oneOf(LANGUAGES)}`),
  profile: spec(z.enum(PROFILE_IDS), `one of ${oneOf(PROFILE_IDS)}`),
  rules: spec(
    z
      .array(z.enum(RULE_IDS))
      .min(1)
      .refine((ids) => new Set(ids).size === ids.length),
    'a list of unique catalogue rule IDs',
    ruleListProblem,
  ),
  maxSignals: spec(z.number().int().min(1).max(MAX_SIGNALS), `an integer from 1 to ${MAX_SIGNALS}`),
  minLevel: spec(z.enum(SIGNAL_LEVELS), `one of ${oneOf(SIGNAL_LEVELS)}`),
  failOnSignals: spec(z.boolean(), 'true or false'),
  format: spec(z.enum(OUTPUT_FORMATS), `one of ${oneOf(OUTPUT_FORMATS)}`),
} as const;

// The IDs a user can choose from: the catalogue has more rules than the
// scanner checks, and only the scanned ones can report signals.
const RULES_HINT =
  `The check scans ${SCANNABLE_RULE_IDS.join(', ')}; ` +
  `the other ${RULE_IDS.length - SCANNABLE_RULE_IDS.length} catalogue rules are accepted but find nothing`;

/**
 * What is wrong with a list of rule IDs, in the words of the HTTP API and MCP
 * (`'x' is not a catalogue rule`, `must not repeat 'x'`), naming every unknown
 * ID with the nearest catalogue ID when one is close, then the IDs to choose from.
 */
function ruleListProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) return undefined;
  if (value.length === 0) return `must name at least one rule. ${RULES_HINT}`;
  const known: ReadonlySet<string> = new Set(RULE_IDS);
  const unknown = [...new Set(value.filter((id) => !known.has(id)))];
  if (unknown.length > 0) {
    const named = unknown.map((id) => {
      const near = nearestRuleId(id);
      return near === undefined ? echo(id) : `${echo(id)} (did you mean '${near}'?)`;
    });
    const verb = unknown.length === 1 ? 'is not a catalogue rule' : 'are not catalogue rules';
    return `${named.join(', ')} ${verb}. ${RULES_HINT}`;
  }
  const repeated = value.find((id, index) => value.indexOf(id) !== index);
  return repeated === undefined ? undefined : `must not repeat ${echo(repeated)}`;
}

/** The closest catalogue rule ID within two edits of `id` (ignoring case); undefined if none is that close. */
function nearestRuleId(id: string): RuleId | undefined {
  let best: { id: RuleId; distance: number } | undefined;
  for (const candidate of RULE_IDS) {
    const distance = editDistance(id.toLowerCase(), candidate);
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { id: candidate, distance };
  }
  return best?.id;
}

/** Levenshtein distance: insertions, deletions and substitutions of UTF-16 units. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** What one file is checked with. */
export interface ScanSettings {
  readonly language: Language;
  readonly profile?: ProfileId;
  readonly rules?: readonly RuleId[];
  readonly maxSignals: number;
  /** The lowest signal level reported; records below it are not run. */
  readonly minLevel: SignalLevel;
}

/** The run's settings besides the per-file ones. */
export interface RunSettings extends ScanSettings {
  readonly failOnSignals: boolean;
  readonly format: OutputFormat;
}

/** Any subset of the settings, as a config file or the command line gives them. */
export type PartialSettings = { -readonly [K in keyof RunSettings]?: RunSettings[K] };

export const DEFAULT_SETTINGS: RunSettings = {
  language: 'en',
  maxSignals: MAX_SIGNALS,
  // Warnings only by default, for CI: suggestions are common and often fine.
  minLevel: 'warning',
  failOnSignals: true,
  format: 'text',
};

/** Later layers win; an absent key leaves the earlier value. */
export function mergeSettings<T extends PartialSettings>(base: T, ...layers: readonly PartialSettings[]): T {
  const merged: PartialSettings = { ...base };
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged as T;
}

// The error class for a bad option, a bad config file or settings the library refuses.
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
