// Host configuration from wrangler vars, secrets and bindings
// (docs/worker.md#configuration). The Worker parses it once per isolate;
// scripts/evidence-put.ts reuses the ID list parsing. Text rules come from the
// core, so the Worker refuses exactly what the dispatcher would refuse, but
// names the variable instead of the field.
import * as z from 'zod';
import {
  idListProblem,
  LANGUAGES,
  MAX_COHORT_ID_UNITS,
  MAX_MODEL_ID_UNITS,
  MAX_REVIEW_CONTEXT_UNITS,
  PROFILE_IDS,
  plainTextProblem,
} from '../core/index';
import { echo } from '../core/input-checks/echo';
import { evidenceKey } from './evidence-reader';

/** Validated host configuration. */
export interface HostConfig {
  readonly reviewContext?: { readonly audience: string; readonly goal: string };
  readonly modelIds: readonly string[];
  readonly cohortIds: readonly string[];
  readonly apiToken?: string;
  readonly corsOrigins: readonly string[];
  /** Seconds a Cloudflare location may serve an evidence value it has read (KV `cacheTtl`). */
  readonly evidenceCacheTtlSeconds: number;
  /** Share of request log lines written, 0 to 1; lines of 5xx answers are always written. */
  readonly requestLogSampleRate: number;
  /** Rate Limiting bindings by budget; a budget without a binding is not limited. */
  readonly rateLimits: RateLimitBindings;
  /** The deployment's version ID from the version metadata binding, when it is bound. */
  readonly versionId?: string;
}

/** The two budgets: tool calls (POST /v1/dispatch, /mcp) and every other limited request. */
export interface RateLimitBindings {
  readonly toolCalls?: RateLimit;
  readonly reads?: RateLimit;
}

/** Binding names in wrangler.toml: `[[ratelimits]]` names and the `[version_metadata]` binding. */
export const BINDING_NAMES = {
  toolCalls: 'TOOL_CALL_RATE_LIMIT',
  reads: 'READ_RATE_LIMIT',
  version: 'WORKER_VERSION',
} as const;

/** KV refuses a `cacheTtl` under 60 seconds. */
export const MIN_EVIDENCE_CACHE_TTL_SECONDS = 60;
/**
 * A day: beyond that, a corrected evidence value could stay invisible at a
 * location for longer than an operator would expect to wait for a fix.
 */
export const MAX_EVIDENCE_CACHE_TTL_SECONDS = 86_400;
export const DEFAULT_EVIDENCE_CACHE_TTL_SECONDS = 300;

/** A variable with a bad value; the message names the variable, never a secret's value. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

// Workers KV refuses keys over 512 bytes; a cohort whose longest key would be
// longer could never be read, so the configuration refuses it up front.
const MAX_KV_KEY_BYTES = 512;
const MAX_TOKEN_LENGTH = 4096;
// RFC 6750 b64token characters, so the token fits an Authorization header as is.
const TOKEN_CHARACTERS = /^[A-Za-z0-9\-._~+/]+=*$/;

/** A zod string schema whose check is one of the core's `…Problem` functions. */
function checkedString(problem: (value: string) => string | undefined) {
  return z.string().check((ctx) => {
    const message = problem(ctx.value);
    if (message !== undefined) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  });
}

const contextText = (name: string) => checkedString((value) => plainTextProblem(name, value, MAX_REVIEW_CONTEXT_UNITS));

function idList(name: string, maxUnits: number, itemProblem?: (item: string, label: string) => string | undefined) {
  return checkedString((value) =>
    idListProblem(splitList(value), maxUnits, { list: name, item: (index) => `${name} item ${index + 1}`, itemProblem }),
  ).transform(splitList);
}

function splitList(value: string): string[] {
  return value.trim() === '' ? [] : value.split(',').map((item) => item.trim());
}

function cohortKeyProblem(item: string, label: string): string | undefined {
  const encoder = new TextEncoder();
  const longest = Math.max(
    ...LANGUAGES.flatMap((language) =>
      PROFILE_IDS.map((profile) => encoder.encode(evidenceKey({ language, profile, role: 'reviewer', cohortId: item })).length),
    ),
  );
  if (longest <= MAX_KV_KEY_BYTES) return undefined;
  return `${label} is too long for a KV key: its evidence key takes ${longest} bytes of UTF-8, at most ${MAX_KV_KEY_BYTES} are allowed`;
}

function originProblem(item: string, label: string): string | undefined {
  try {
    const url = new URL(item);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === item) return undefined;
  } catch {
    // Not a URL at all; reported below.
  }
  return `${label} must be an origin such as https://app.example.com (scheme, host, optional port; no path or '*')`;
}

// The token's value never appears in a message.
const apiToken = checkedString((value) => {
  if (value.length === 0) return 'API_TOKEN must not be empty (unset it to turn authentication off)';
  if (value.length > MAX_TOKEN_LENGTH) return `API_TOKEN must be at most ${MAX_TOKEN_LENGTH} characters`;
  if (!TOKEN_CHARACTERS.test(value)) return 'API_TOKEN must use only letters, digits and - . _ ~ + / (with = padding at the end)';
  return undefined;
});

const evidenceCacheTtl = checkedString((value) =>
  /^\d{1,6}$/.test(value) && Number(value) >= MIN_EVIDENCE_CACHE_TTL_SECONDS && Number(value) <= MAX_EVIDENCE_CACHE_TTL_SECONDS
    ? undefined
    : `EVIDENCE_CACHE_TTL_SECONDS must be a whole number of seconds from ${MIN_EVIDENCE_CACHE_TTL_SECONDS} (the least KV allows) to ${MAX_EVIDENCE_CACHE_TTL_SECONDS}, not ${echo(value)}`,
).transform(Number);

// A plain decimal from 0 to 1 (no exponent, sign or percent), so a typo is refused rather than read as 0 or 1.
const sampleRate = checkedString((value) =>
  /^(?:0|1|0?\.\d{1,6}|1\.0{1,6})$/.test(value)
    ? undefined
    : `REQUEST_LOG_SAMPLE_RATE must be a decimal number from 0 to 1 such as 0.1, not ${echo(value)}`,
).transform(Number);

function read<T>(source: Readonly<Record<string, unknown>>, name: string, schema: z.ZodType<T, string>): T | undefined {
  const raw = source[name];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new ConfigError(name, `${name} must be a text variable.`);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(name, `${parsed.error.issues[0]?.message ?? `${name} is not valid`}.`);
  return parsed.data;
}

/** Parses a comma-separated ID list (MODEL_IDS, COHORT_IDS); unset or empty means none. */
export function parseIdList(source: Readonly<Record<string, unknown>>, name: 'MODEL_IDS' | 'COHORT_IDS'): readonly string[] {
  const list = name === 'COHORT_IDS' ? idList(name, MAX_COHORT_ID_UNITS, cohortKeyProblem) : idList(name, MAX_MODEL_ID_UNITS);
  return Object.freeze(read(source, name, list) ?? []);
}

/** Validates the host configuration; throws `ConfigError` naming the first bad variable. */
export function parseHostConfig(source: Readonly<Record<string, unknown>>): HostConfig {
  const audience = read(source, 'REVIEW_AUDIENCE', contextText('REVIEW_AUDIENCE'));
  const goal = read(source, 'REVIEW_GOAL', contextText('REVIEW_GOAL'));
  if ((audience === undefined) !== (goal === undefined)) {
    const [missing, other] = audience === undefined ? ['REVIEW_AUDIENCE', 'REVIEW_GOAL'] : ['REVIEW_GOAL', 'REVIEW_AUDIENCE'];
    throw new ConfigError(missing, `${missing} must be set together with ${other}, or both left unset.`);
  }
  const token = read(source, 'API_TOKEN', apiToken);
  return Object.freeze({
    ...(audience !== undefined && goal !== undefined ? { reviewContext: Object.freeze({ audience, goal }) } : {}),
    modelIds: parseIdList(source, 'MODEL_IDS'),
    cohortIds: parseIdList(source, 'COHORT_IDS'),
    ...(token !== undefined ? { apiToken: token } : {}),
    corsOrigins: Object.freeze(read(source, 'CORS_ORIGINS', idList('CORS_ORIGINS', 2048, originProblem)) ?? []),
    evidenceCacheTtlSeconds: read(source, 'EVIDENCE_CACHE_TTL_SECONDS', evidenceCacheTtl) ?? DEFAULT_EVIDENCE_CACHE_TTL_SECONDS,
    requestLogSampleRate: read(source, 'REQUEST_LOG_SAMPLE_RATE', sampleRate) ?? 1,
    rateLimits: Object.freeze({
      ...optionalRateLimit(source, 'toolCalls'),
      ...optionalRateLimit(source, 'reads'),
    }),
    ...optionalVersionId(source),
  });
}

function optionalRateLimit(source: Readonly<Record<string, unknown>>, budget: keyof RateLimitBindings): RateLimitBindings {
  const name = BINDING_NAMES[budget];
  const binding = source[name];
  if (binding === undefined || binding === null) return {};
  if (typeof (binding as Partial<RateLimit>).limit !== 'function') {
    throw new ConfigError(name, `${name} must be a Rate Limiting binding: a [[ratelimits]] entry in wrangler.toml, not a variable.`);
  }
  return { [budget]: binding as RateLimit };
}

/**
 * The version ID of the deployment, read leniently: it is platform metadata,
 * and the app that answers a bad configuration reports it too (app.ts).
 */
export function versionIdOf(source: Readonly<Record<string, unknown>>): string | undefined {
  const metadata = source[BINDING_NAMES.version] as Partial<WorkerVersionMetadata> | undefined;
  return typeof metadata?.id === 'string' && metadata.id !== '' ? metadata.id : undefined;
}

function optionalVersionId(source: Readonly<Record<string, unknown>>): { versionId?: string } {
  const versionId = versionIdOf(source);
  return versionId === undefined ? {} : { versionId };
}
