// The settings a check runs with, one table for both places they come from:
// command-line options and the config file. Each setting is a zod schema plus
// the phrase that states its bound, so the two sources report a bad value in
// the same words. A bad value is a UsageError: exit code 2 before any file is
// checked, with its message shown as is.
import * as z from 'zod';
import { LANGUAGES, MAX_SIGNALS, PROFILE_IDS, RULE_IDS, type Language, type ProfileId, type RuleId } from '../core/index';

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'rdjson', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const oneOf = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

interface SettingSpec<S extends z.ZodType> {
  readonly schema: S;
  /** Completes "<name> must be …". */
  readonly must: string;
}

const spec = <S extends z.ZodType>(schema: S, must: string): SettingSpec<S> => ({ schema, must });

export const SETTINGS = {
  language: spec(z.enum(LANGUAGES), `one of ${oneOf(LANGUAGES)}`),
  profile: spec(z.enum(PROFILE_IDS), `one of ${oneOf(PROFILE_IDS)}`),
  rules: spec(
    z.array(z.enum(RULE_IDS)).min(1).refine((ids) => new Set(ids).size === ids.length),
    `a list of unique rule IDs from the catalogue (${oneOf(RULE_IDS)})`,
  ),
  maxSignals: spec(z.number().int().min(1).max(MAX_SIGNALS), `an integer from 1 to ${MAX_SIGNALS}`),
  failOnSignals: spec(z.boolean(), 'true or false'),
  format: spec(z.enum(OUTPUT_FORMATS), `one of ${oneOf(OUTPUT_FORMATS)}`),
} as const;

/** What one file is checked with. */
export interface ScanSettings {
  readonly language: Language;
  readonly profile?: ProfileId;
  readonly rules?: readonly RuleId[];
  readonly maxSignals: number;
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

/** A value as it appears inside a message: quoted, short, one line. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const short = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return JSON.stringify(short);
}
