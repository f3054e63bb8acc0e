// Property-based tests of the bundled dispatcher: for arbitrary JSON as the
// call or its arguments, `dispatch` resolves to a valid, deeply frozen,
// JSON-serialisable envelope whose data fits the tool's published
// outputSchema, deterministically, and its verdict on the arguments equals an independent oracle built from the
// descriptor's published JSON Schema (ajv) plus the documented runtime rules.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled, scaledTimeout } from '../test-scale';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import {
  createWritingToolDispatcher,
  MAX_TEXT_UNITS,
  PROFILE_IDS,
  RULE_IDS,
  writingReviewTools,
  type WritingToolResult,
} from '../../src/core/index';

const COHORTS = ['cohort-a', 'kohorte-ü', 'emoji-😀'];
const HOST = {
  reviewContext: { audience: 'Operators of a review service', goal: 'Run a first review' },
  modelComparisonContext: { availableModelIds: ['model-a'], cohortIds: COHORTS },
};
const dispatcher = createWritingToolDispatcher(HOST);
const TOOL_NAMES = writingReviewTools.map((tool) => tool.name);
const ERROR_CODES = ['unknown-tool', 'invalid-arguments', 'context-missing', 'host-evidence-failed', 'invalid-host-evidence'];
const RUNS = scaled(100);

// ---------------------------------------------------------------------------
// The oracle. "Accepted" means: the envelope is not `unknown-tool` and not
// `invalid-arguments`. With HOST above no other refusal can happen (it has a
// review context, and no evidence reader, so the evidence tool answers
// `evidence-missing`), so accepted calls must be `ok: true`.
//
// The arguments are accepted exactly when all of these hold:
//  1. they validate against the descriptor's `inputSchema` (JSON Schema
//     2020-12, compiled by ajv) with string lengths counted in UTF-16 code
//     units (ajv `unicode: false`). The API reference bounds text and cohortId in
//     UTF-16 units; standard JSON Schema counts code points, a divergence the
//     descriptions state and a test below pins down;
//  2. with both `profile` and `ruleIds`, every rule ID belongs to the profile
//     (membership read from each rule's published `scope`);
//  3. for get_model_comparison_evidence, `cohortId` is one of the host's
//     cohort IDs.
// Missing `arguments` reads as `{}`.
// ---------------------------------------------------------------------------
// `unicode: false` is deprecated in ajv 8 but still honoured; `logger: false`
// silences the deprecation notice (strict-mode problems still throw).
const ajv = new Ajv2020({ strict: true, unicode: false, logger: false });
const schemaCheck = new Map(writingReviewTools.map((tool) => [tool.name as string, ajv.compile(tool.inputSchema)]));
// Results are checked against the published outputSchema by a separate
// instance: their strings are counted as JSON Schema counts them (code points),
// and `format` (the sources' URLs and dates) is left to the zod schema.
const outputAjv = new Ajv2020({ strict: true, validateFormats: false });
const outputCheck = new Map(writingReviewTools.map((tool) => [tool.name as string, outputAjv.compile(tool.outputSchema)]));

const summaries = await dispatcher.dispatch({ name: 'get_writing_rules', arguments: {} });
if (!summaries.ok) throw new Error('the bundled catalogue does not answer get_writing_rules');
const scopeOf = new Map(summaries.data.rules.map((rule): [string, Set<string>] => [rule.id, new Set(rule.scope)]));

function oracleAccepts(name: string, args: unknown): boolean {
  const input = args === undefined ? {} : args;
  if (!schemaCheck.get(name)!(input)) return false;
  const record = input as Record<string, unknown>;
  if (Array.isArray(record.ruleIds) && typeof record.profile === 'string') {
    const profile = record.profile;
    if (!record.ruleIds.every((id) => scopeOf.get(id as string)?.has(profile))) return false;
  }
  if (name === 'get_model_comparison_evidence' && !COHORTS.includes(record.cohortId as string)) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Envelope checks shared by every property.
// ---------------------------------------------------------------------------
function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (!Object.isFrozen(value)) return false;
  return Reflect.ownKeys(value).every((key) => isDeeplyFrozen((value as Record<PropertyKey, unknown>)[key]));
}

// Controls and invisible format characters a caller could smuggle into a message.
const UNSAFE_IN_MESSAGE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function expectValidEnvelope(result: WritingToolResult, expectedTool: string): void {
  expect(isDeeplyFrozen(result)).toBe(true);
  expect(JSON.parse(JSON.stringify(result))).toStrictEqual(result);
  expect(result.tool).toBe(expectedTool);
  if (result.ok) {
    expect(Object.keys(result).sort()).toEqual(['data', 'ok', 'tool']);
    expect(result.data).toBeTypeOf('object');
    const fitsOutputSchema = outputCheck.get(result.tool)!;
    expect(fitsOutputSchema(result.data), outputAjv.errorsText(fitsOutputSchema.errors)).toBe(true);
  } else {
    expect(Object.keys(result).sort()).toEqual(['error', 'ok', 'tool']);
    expect(Object.keys(result.error).sort()).toEqual(['code', 'message']);
    expect(ERROR_CODES).toContain(result.error.code);
    expect(result.error.message.length).toBeGreaterThan(0);
    // Every caller value in a message is cut to 40 units, so messages stay short.
    expect(result.error.message.length).toBeLessThanOrEqual(400);
    expect(result.error.message).not.toMatch(UNSAFE_IN_MESSAGE);
  }
}

/** The tool the envelope must name: the call's string name, else ''. */
function expectedToolOf(call: unknown): string {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return '';
  const name = (call as { name?: unknown }).name;
  return typeof name === 'string' ? name : '';
}

/** Dispatches twice (the second time on a fresh dispatcher) and checks both answers agree. */
async function dispatchChecked(call: unknown): Promise<WritingToolResult> {
  const first = await dispatcher.dispatch(call);
  const second = await createWritingToolDispatcher(HOST).dispatch(call);
  expect(second).toStrictEqual(first);
  expectValidEnvelope(first, expectedToolOf(call));
  return first;
}

// ---------------------------------------------------------------------------
// Arbitraries. Objects are built with own data properties, as JSON.parse
// builds them, so keys like __proto__ arrive as own keys, then round-tripped
// through JSON text so every value is one an HTTP caller can send.
// ---------------------------------------------------------------------------
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'then', 'arguments', 'name'];
const HOST_KEYS = ['audience', 'goal', 'availableModelIds', 'cohortIds', 'getModelComparisonEvidence', 'endpoint', 'document'];
const ARGUMENT_KEYS = ['language', 'profile', 'ruleIds', 'detail', 'maxFindings', 'text', 'maxSignals', 'format', 'role', 'cohortId'];

function fromEntries(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return target;
}

const asJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));
const phrase = fc.constantFrom(...catalogue.signalRecords.flatMap((record) => record.phrases));
const textPiece = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  phrase,
  phrase.map((p) => p.toUpperCase()),
  loneSurrogate,
  fc.constantFrom('\n', '\r\n', '\r', '\u2028', ' ', '_', '😀', '\u200b', '\u202e'),
);
const text = fc.array(textPiece, { maxLength: 12 }).map((pieces) => pieces.join(''));

const ruleId = fc.oneof(fc.constantFrom(...RULE_IDS), fc.constantFrom('Word-Choice', 'word_choice', '', '__proto__'));

/** Per argument key: values the schema allows, and near misses it refuses. */
const argumentValues: Record<string, { valid: fc.Arbitrary<unknown>; invalid: fc.Arbitrary<unknown> }> = {
  language: { valid: fc.constantFrom('en', 'de'), invalid: fc.constantFrom('fr', 'EN', '', 'en-US') },
  profile: { valid: fc.constantFrom(...PROFILE_IDS), invalid: fc.constantFrom('public_docs', 'constructor', '') },
  ruleIds: {
    valid: fc.uniqueArray(fc.constantFrom(...RULE_IDS), { minLength: 1, maxLength: 4 }),
    invalid: fc.array(ruleId, { maxLength: 22 }),
  },
  detail: { valid: fc.constantFrom('summary', 'full'), invalid: fc.constantFrom('FULL', 'brief') },
  maxFindings: {
    valid: fc.integer({ min: 1, max: 20 }),
    invalid: fc.oneof(fc.integer({ min: -2, max: 22 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(1e308)),
  },
  text: { valid: text, invalid: fc.oneof(fc.constant(null), fc.array(fc.string(), { maxLength: 2 })) },
  maxSignals: {
    valid: fc.integer({ min: 1, max: 500 }),
    invalid: fc.oneof(fc.integer({ min: -2, max: 502 }), fc.constantFrom(0.5, 50.5, 1e21, -1e-7)),
  },
  format: { valid: fc.constantFrom('text', 'markdown', 'html'), invalid: fc.constantFrom('md', 'HTML', '') },
  role: { valid: fc.constant('reviewer'), invalid: fc.constantFrom('Reviewer', 'writer') },
  cohortId: {
    valid: fc.constantFrom(...COHORTS),
    invalid: fc.oneof(fc.constantFrom('cohort-b', '', 'x'.repeat(201)), fc.string({ maxLength: 4 })),
  },
};

/** A value for `key`: mostly one the schema allows, else a near miss or any JSON at all. */
function valueFor(key: string): fc.Arbitrary<unknown> {
  const values = Object.hasOwn(argumentValues, key) ? argumentValues[key] : undefined;
  if (values === undefined) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    { weight: 6, arbitrary: values.valid },
    { weight: 2, arbitrary: values.invalid },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const ownKeys = (name: string): string[] =>
  Object.keys((writingReviewTools.find((tool) => tool.name === name)?.inputSchema.properties ?? {}) as object);

/** Arguments for `name`: its own keys (all, or some), any argument keys, sometimes hostile extras, or any JSON. */
const argumentsFor = (name: unknown): fc.Arbitrary<unknown> => {
  // String(name) would throw for an object without a prototype.
  const key = typeof name === 'string' ? name : '';
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constant(ownKeys(key)), fc.subarray(ownKeys(key)), fc.subarray(ARGUMENT_KEYS)),
          fc.oneof(
            { weight: 5, arbitrary: fc.constant([] as string[]) },
            { weight: 1, arbitrary: fc.subarray([...HOSTILE_KEYS, ...HOST_KEYS], { minLength: 1, maxLength: 2 }) },
          ),
        )
        .chain(([known, extra]) => fc.tuple(...[...known, ...extra].map((key) => valueFor(key).map((value) => [key, value] as const))))
        .map((entries) => asJson(fromEntries(entries))),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, [], 'arguments', 0, true) },
  );
};

const nameArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...TOOL_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS, '', 'GET_WRITING_RULES', 'get_writing_rules ') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
);

const callArbitrary = nameArbitrary
  .chain((name) =>
    fc.tuple(
      fc.constant(name),
      argumentsFor(name),
      fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    ),
  )
  .map(([name, args, withArguments]) =>
    asJson(
      withArguments && args !== undefined
        ? fromEntries([
            ['name', name],
            ['arguments', args],
          ])
        : fromEntries([['name', name]]),
    ),
  );

// ---------------------------------------------------------------------------

describe('dispatch on arbitrary JSON', () => {
  it('never rejects and always answers a valid, frozen, serialisable envelope for any JSON call', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (call) => {
        const result = await dispatchChecked(call);
        if (expectedToolOf(call) === '' || !TOOL_NAMES.includes(expectedToolOf(call) as never)) {
          expect(result.ok ? 'ok' : result.error.code).toBe('unknown-tool');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(
    'accepts exactly the arguments the oracle accepts, and answers ok for them',
    async () => {
      await fc.assert(
        fc.asyncProperty(callArbitrary, async (call) => {
          const result = await dispatchChecked(call);
          const name = expectedToolOf(call);
          if (!TOOL_NAMES.includes(name as never)) {
            expect(result.ok ? 'ok' : result.error.code).toBe('unknown-tool');
            return;
          }
          const args = (call as { arguments?: unknown }).arguments;
          const outcome = result.ok ? 'ok' : result.error.code;
          expect(outcome, JSON.stringify(args)).toBe(oracleAccepts(name, args) ? 'ok' : 'invalid-arguments');
        }),
        { numRuns: RUNS * 5 },
      );
      // 2,000 dispatches: over vitest's 5 s default on a busy two-core machine.
    },
    scaledTimeout(30_000),
  );

  it('reports spans that slice to the quote, with line and column, for any text', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('en', 'de'), async (input, language) => {
        const result = await dispatchChecked({ name: 'find_writing_signals', arguments: { text: input, language, maxSignals: 500 } });
        if (!result.ok) throw new Error(result.error.message);
        const { signals } = result.data as { signals: { start: number; end: number; quote: string; line: number; column: number }[] };
        for (const signal of signals) {
          expect(input.slice(signal.start, signal.end)).toBe(signal.quote);
          const before = input.slice(0, signal.start);
          const lines = before.split(/\r\n?|\n/);
          expect(signal.line).toBe(lines.length);
          expect(signal.column).toBe(lines[lines.length - 1]!.length + 1);
        }
        const order = signals.map((s) => [s.start, s.end]);
        expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the oracle itself', () => {
  // Guards against a vacuous property: the generators must reach both verdicts for
  // every tool. A fixed seed keeps this check itself deterministic.
  it('sees both verdicts for every tool in the generated calls', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(callArbitrary, (call) => {
        const name = expectedToolOf(call);
        if (TOOL_NAMES.includes(name as never)) seen.add(`${name}:${oracleAccepts(name, (call as { arguments?: unknown }).arguments)}`);
      }),
      { numRuns: RUNS * 5, seed: 20261129 },
    );
    expect([...seen].sort()).toEqual(TOOL_NAMES.flatMap((name) => [`${name}:false`, `${name}:true`]).sort());
  });

  it('differs from standard JSON Schema only where the API reference says: UTF-16 length', async () => {
    // 125,001 emoji: 125,001 code points (within maxLength for a standard
    // validator) but 250,002 UTF-16 units (over the documented limit).
    const emoji = '😀'.repeat(125_001);
    const standard = new Ajv2020({ strict: true }).compile(writingReviewTools[2]!.inputSchema);
    expect(standard({ text: emoji })).toBe(true);
    expect(oracleAccepts('find_writing_signals', { text: emoji })).toBe(false);
    const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: emoji } });
    expect(result.ok ? 'ok' : result.error.code).toBe('invalid-arguments');
    const atLimit = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text: '😀'.repeat(MAX_TEXT_UNITS / 2) } });
    expect(atLimit.ok).toBe(true);
  });
});
