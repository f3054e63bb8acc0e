// One test per row of the error table (docs/api-reference.md#errors), plus the envelope
// guarantees: never throws, deeply frozen, JSON-serialisable, the tool echoed.
import { describe, expect, it } from 'vitest';
import type { WritingToolResult } from '../../src/core/dispatch/types';
import { call, fixtureDispatcher, modelContext, query, validEvidence } from './helpers';

function expectError(result: WritingToolResult, code: string, message?: string | RegExp) {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.code).toBe(code);
  if (typeof message === 'string') expect(result.error.message).toBe(message);
  else if (message) expect(result.error.message).toMatch(message);
}

describe('unknown-tool', () => {
  it.each([
    ['not an object', 'find_writing_signals'],
    ['null', null],
    ['an array', [{ name: 'get_writing_rules' }]],
    ['no name', { arguments: {} }],
    ['a number name', { name: 7, arguments: {} }],
  ])('refuses a call that is %s, with an empty tool', async (_label, value) => {
    const result = await fixtureDispatcher().dispatch(value);
    expectError(result, 'unknown-tool');
    expect(result.tool).toBe('');
  });

  it('refuses a name that is no tool and echoes it', async () => {
    const result = await call('rewrite_text', {});
    expectError(result, 'unknown-tool', /no tool is named 'rewrite_text'/);
    expect(result.tool).toBe('rewrite_text');
  });

  it('does not treat Object.prototype keys as tools', async () => {
    expectError(await call('toString', {}), 'unknown-tool');
    expectError(await call('__proto__', {}), 'unknown-tool');
  });
});

describe('invalid-arguments', () => {
  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'text'],
    ['a class instance', new Date(0)],
  ])('refuses arguments that are %s', async (_label, args) => {
    expectError(await call('get_writing_rules', args), 'invalid-arguments', /^arguments must be a JSON object/);
  });

  it.each([
    ['a class instance', new (class A {})()],
    ['a Date', new Date(0)],
    ['a Map', new Map([['detail', 'full']])],
    ['an object with a prototype of its own', Object.create({ detail: 'full' }) as object],
    ['an object with its own toStringTag', { [Symbol.toStringTag]: 'Arguments' }],
  ])('says %s is not a plain JSON object', async (_label, args) => {
    expectError(
      await call('get_writing_rules', args),
      'invalid-arguments',
      'arguments must be a JSON object (got an object that is not a plain JSON object)',
    );
  });

  it.each([
    [[], 'an array'],
    [null, 'null'],
    ['text', "'text'"],
    [7, '7'],
  ])('names arguments of %j as %s', async (args, named) => {
    expectError(await call('get_writing_rules', args), 'invalid-arguments', `arguments must be a JSON object (got ${named})`);
  });

  it('reads a call without arguments as empty arguments', async () => {
    const result = await fixtureDispatcher().dispatch({ name: 'get_writing_rules' });
    expect(result.ok).toBe(true);
  });

  it('refuses an unknown field and lists the accepted ones', async () => {
    expectError(
      await call('get_writing_rules', { detail: 'full', verbose: true }),
      'invalid-arguments',
      "unknown field 'verbose'; get_writing_rules accepts language, profile, ruleIds, detail",
    );
  });

  it.each(['__proto__', 'constructor'])('refuses the own key %s as an unknown field', async (key) => {
    const args = JSON.parse(`{"${key}": {"detail": "full"}}`) as unknown;
    expectError(await call('get_writing_rules', args), 'invalid-arguments', new RegExp(`^unknown field '${key}'`));
  });

  it.each([
    ['audience', { text: 'x', audience: 'Everyone' }],
    ['availableModelIds', { text: 'x', availableModelIds: ['m'] }],
    ['endpoint', { text: 'x', endpoint: 'https://example.org' }],
  ])('refuses a call that smuggles %s', async (field, args) => {
    expectError(await call('find_writing_signals', args), 'invalid-arguments', new RegExp(`^unknown field '${field}'`));
  });

  it('refuses host fields on the evidence tool', async () => {
    const result = await call('get_model_comparison_evidence', { ...query, availableModelIds: ['model-z'] });
    expectError(result, 'invalid-arguments', /^unknown field 'availableModelIds'/);
  });

  it('refuses a missing required field, naming it', async () => {
    expectError(
      await call('find_writing_signals', {}),
      'invalid-arguments',
      'text is required: a string of at most 250000 UTF-16 code units',
    );
  });

  it('refuses a field of the wrong type', async () => {
    expectError(await call('find_writing_signals', { text: 42 }), 'invalid-arguments', /^text must be a string/);
  });

  it.each([0, 501, 2.5, '10'])('refuses maxSignals %j, naming the bound', async (maxSignals) => {
    expectError(
      await call('find_writing_signals', { text: '', maxSignals }),
      'invalid-arguments',
      /^maxSignals must be an integer from 1 to 500 \(got /,
    );
  });

  it.each([
    ['note', "'note'"],
    ['Warning', "'Warning'"],
    [1, '1'],
    [null, 'null'],
  ])('refuses minLevel %j, naming the field and the allowed values', async (minLevel, got) => {
    expectError(
      await call('find_writing_signals', { text: '', minLevel }),
      'invalid-arguments',
      `minLevel must be 'warning' or 'suggestion' (got ${got})`,
    );
  });

  it.each([0, 21])('refuses maxFindings %j, naming the bound', async (maxFindings) => {
    expectError(
      await call('compose_writing_review_prompt', { maxFindings }),
      'invalid-arguments',
      `maxFindings must be an integer from 1 to 20 (got ${maxFindings})`,
    );
  });

  it('refuses an empty ruleIds', async () => {
    expectError(
      await call('get_writing_rules', { ruleIds: [] }),
      'invalid-arguments',
      'ruleIds must be an array of 1 to 20 unique catalogue rule IDs (got 0 items)',
    );
  });

  it('says an array came where a string or number belongs, with its length', async () => {
    expectError(await call('find_writing_signals', { text: ['a'] }), 'invalid-arguments', /^text must be .* \(got an array of 1 item\)$/);
    expectError(
      await call('compose_writing_review_prompt', { maxFindings: [5, 6] }),
      'invalid-arguments',
      /^maxFindings must be an integer from 1 to 20 \(got an array of 2 items\)$/,
    );
  });

  it('refuses a duplicate rule ID', async () => {
    expectError(
      await call('get_writing_rules', { ruleIds: ['word-choice', 'reader-goal', 'word-choice'] }),
      'invalid-arguments',
      "ruleIds must not repeat 'word-choice'",
    );
  });

  it('refuses an unknown rule, naming its position', async () => {
    expectError(
      await call('get_writing_rules', { ruleIds: ['reader-goal', 'word-choice', 'foo'] }),
      'invalid-arguments',
      "ruleIds[2] 'foo' is not a catalogue rule",
    );
  });

  it('refuses a rule ID that is not a string', async () => {
    expectError(
      await call('get_writing_rules', { ruleIds: ['reader-goal', 5] }),
      'invalid-arguments',
      'ruleIds[1] must be a rule ID string (got 5)',
    );
  });

  it.each([
    [undefined, 'undefined'],
    [null, 'null'],
    [true, 'true'],
    [10n, 'a bigint'],
    [Symbol('s'), 'a symbol'],
    [() => 'word-choice', 'a function'],
    [{ id: 'word-choice' }, 'an object'],
    [['word-choice'], 'an array'],
  ])('names a rule ID of %s as %s', async (item, named) => {
    expectError(
      await call('get_writing_rules', { ruleIds: [item] }),
      'invalid-arguments',
      `ruleIds[0] must be a rule ID string (got ${named})`,
    );
  });

  it('quotes a caller value short and printable', async () => {
    const result = await call('get_writing_rules', { ruleIds: [`x\u202E${'y'.repeat(60)}`] });
    expectError(result, 'invalid-arguments', `ruleIds[0] 'x\\u{202e}${'y'.repeat(38)}…' is not a catalogue rule`);
  });

  it('never cuts an emoji in half when it shortens a quoted value', async () => {
    const result = await call('get_writing_rules', { ruleIds: [`x${'\u{1F600}'.repeat(30)}`] });
    expectError(result, 'invalid-arguments', `ruleIds[0] 'x${'\u{1F600}'.repeat(19)}…' is not a catalogue rule`);
  });

  it('escapes a lone surrogate in a quoted value, so the message is well-formed text', async () => {
    const result = await call('get_writing_rules', { ruleIds: ['a\uD800b'] });
    expectError(result, 'invalid-arguments', "ruleIds[0] 'a\\u{d800}b' is not a catalogue rule");
    expect(result.ok ? '' : result.error.message).not.toMatch(/\p{Cs}/u);
  });

  it('refuses a rule outside the profile', async () => {
    expectError(
      await call('find_writing_signals', { text: 'x', profile: 'public-docs', ruleIds: ['word-choice'] }),
      'invalid-arguments',
      "ruleIds[0] 'word-choice' is not in profile 'public-docs'",
    );
  });

  it('refuses an unsupported language instead of falling back', async () => {
    expectError(
      await call('compose_writing_review_prompt', { language: 'fr' }),
      'invalid-arguments',
      "language must be 'en' or 'de' (got 'fr')",
    );
  });

  it('refuses an unknown profile', async () => {
    expectError(await call('get_writing_rules', { profile: 'marketing' }), 'invalid-arguments', /^profile must be one of 'public-docs'/);
  });

  it('accepts 125,000 emoji (250,000 UTF-16 units) and refuses 125,001', async () => {
    const emoji = '\u{1F600}';
    const atLimit = await call('find_writing_signals', { text: emoji.repeat(125_000) });
    expect(atLimit.ok).toBe(true);
    expectError(
      await call('find_writing_signals', { text: emoji.repeat(125_001) }),
      'invalid-arguments',
      'text must be at most 250000 UTF-16 code units (got 250002)',
    );
    expectError(
      await call('find_writing_signals', { text: 'a'.repeat(250_001) }),
      'invalid-arguments',
      'text must be at most 250000 UTF-16 code units (got 250001)',
    );
  });

  it('refuses a cohort outside the host cohort IDs before the reader runs', async () => {
    let calls = 0;
    const result = await call(
      'get_model_comparison_evidence',
      { ...query, cohortId: 'cohort-z' },
      {
        modelComparisonContext: modelContext,
        getModelComparisonEvidence: () => {
          calls += 1;
          return validEvidence();
        },
      },
    );
    expectError(result, 'invalid-arguments', "cohortId 'cohort-z' is not one of the host's cohort IDs");
    expect(calls).toBe(0);
  });

  it('refuses arguments whose getter throws, without throwing', async () => {
    const args = Object.defineProperty({}, 'text', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expectError(await call('find_writing_signals', args), 'invalid-arguments');
  });
});

describe('context-missing', () => {
  it('refuses to compose a prompt when the host gave no audience and goal', async () => {
    const result = await fixtureDispatcher().dispatch({ name: 'compose_writing_review_prompt', arguments: {} });
    expectError(result, 'context-missing', /review context \(audience and goal\)/);
  });
});

describe('host-evidence-failed', () => {
  it.each([
    [
      'throws',
      () => {
        throw new Error('secret-token-123 at db.internal');
      },
    ],
    ['rejects', () => Promise.reject(new Error('secret-token-123 at db.internal'))],
  ])('answers host-evidence-failed when the reader %s, without its text', async (_label, reader) => {
    const result = await call('get_model_comparison_evidence', query, {
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: reader as never,
    });
    expectError(result, 'host-evidence-failed');
    expect(JSON.stringify(result)).not.toContain('secret-token-123');
  });
});

describe('invalid-host-evidence', () => {
  it('answers invalid-host-evidence for a malformed value, naming the field', async () => {
    const result = await call('get_model_comparison_evidence', query, {
      modelComparisonContext: modelContext,
      getModelComparisonEvidence: () => ({ ...validEvidence(), explanation: '' }),
    });
    expectError(result, 'invalid-host-evidence', /evidence\.explanation must be a non-empty string/);
  });
});

describe('the envelope', () => {
  const calls: unknown[] = [
    { name: 'get_writing_rules', arguments: { detail: 'full', ruleIds: ['word-choice'] } },
    { name: 'find_writing_signals', arguments: { text: 'A powerful tool.' } },
    { name: 'find_writing_signals', arguments: { text: 5 } },
    { name: 'nope', arguments: {} },
    undefined,
  ];

  it.each(calls)('is deeply frozen and survives a JSON round trip: %j', async (value) => {
    const result = await fixtureDispatcher().dispatch(value);
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      expect(Object.isFrozen(node)).toBe(true);
      Object.values(node).forEach(visit);
    };
    visit(result);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(Object.keys(result).sort()).toEqual(result.ok ? ['data', 'ok', 'tool'] : ['error', 'ok', 'tool']);
  });

  it('never throws, even for a call whose name getter throws', async () => {
    const hostile = Object.defineProperty({}, 'name', {
      get() {
        throw new Error('boom');
      },
    });
    const result = await fixtureDispatcher().dispatch(hostile);
    expectError(result, 'unknown-tool');
    expect(result.tool).toBe('');
  });
});
