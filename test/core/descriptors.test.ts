// The four descriptors: order, frozen, titles by the plain-line rule,
// annotations, an inputSchema generated from the very schema the dispatcher
// validates with, and an outputSchema generated from the schema results are
// typed by.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { plainLineProblem } from '../../src/core/input-checks/plain-line';
import { TOOLS } from '../../src/core/tools/index';
import { call } from './helpers';

const descriptors = TOOLS.map((tool) => tool.descriptor);

describe('tool descriptors', () => {
  it('lists the four tools in documentation order', () => {
    expect(descriptors.map((d) => d.name)).toEqual([
      'get_writing_rules',
      'compose_writing_review_prompt',
      'find_writing_signals',
      'get_model_comparison_evidence',
    ]);
  });

  it('are deeply frozen', () => {
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      expect(Object.isFrozen(node)).toBe(true);
      Object.values(node).forEach(visit);
    };
    descriptors.forEach(visit);
    expect(() => {
      (descriptors[0]!.inputSchema as Record<string, unknown>).type = 'array';
    }).toThrow(TypeError);
  });

  it.each(descriptors.map((d) => [d.name, d.title] as const))('%s has a plain one-line title: %s', (_name, title) => {
    expect(plainLineProblem('title', title)).toBeUndefined();
  });

  it('carry the read-only annotations', () => {
    for (const d of descriptors) {
      expect(d.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    }
  });

  it('have JSON Schema 2020-12 objects without additional properties', () => {
    for (const d of descriptors) {
      expect(d.inputSchema).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        additionalProperties: false,
      });
    }
  });

  it('have an outputSchema of type object, generated from the result schema', () => {
    for (const tool of TOOLS) {
      const { $schema, type, ...rest } = tool.descriptor.outputSchema;
      expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(type).toBe('object');
      const generated = z.toJSONSchema(tool.resultSchema, { io: 'output' }) as Record<string, unknown>;
      expect({ ...generated, type: 'object' }).toMatchObject({ type: 'object', ...rest });
    }
  });

  it('answer data their own result schema accepts, and the result schemas refuse other data', async () => {
    const samples: [string, unknown][] = [
      ['get_writing_rules', { detail: 'full', language: 'de' }],
      ['get_writing_rules', {}],
      ['compose_writing_review_prompt', { maxFindings: 3 }],
      ['find_writing_signals', { text: 'We leverage a powerful and seamless setup.' }],
      ['get_model_comparison_evidence', { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'c' }],
    ];
    for (const [name, args] of samples) {
      const tool = TOOLS.find((candidate) => candidate.name === name)!;
      const result = await call(name, args);
      if (!result.ok) throw new Error(result.error.message);
      expect(tool.resultSchema.safeParse(result.data).error, name).toBeUndefined();
      expect(tool.resultSchema.safeParse({ ...(result.data as object), extra: true }).success, name).toBe(false);
    }
  });

  it('describe every field', () => {
    for (const d of descriptors) {
      const properties = d.inputSchema.properties as Record<string, { description?: string }>;
      for (const [name, property] of Object.entries(properties)) {
        expect(property.description, `${d.name}.${name}`).toMatch(/\S/);
      }
    }
  });

  it('state bounds in the schema and in the field descriptions', () => {
    const signals = descriptors[2]!.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(signals.text).toMatchObject({ type: 'string', maxLength: 250_000 });
    expect(signals.text!.description).toMatch(/250000 UTF-16 code units/);
    expect(signals.maxSignals).toMatchObject({ type: 'integer', minimum: 1, maximum: 500, default: 50 });
    expect(signals.maxSignals!.description).toMatch(/from 1 to 500; default 50/);
    expect(signals.ruleIds).toMatchObject({ type: 'array', minItems: 1, maxItems: 20, uniqueItems: true });
    expect(signals.minLevel).toMatchObject({ type: 'string', enum: ['warning', 'suggestion'] });
    expect(signals.minLevel!.description).toMatch(/'warning' or 'suggestion'; default every level/);
    // The result schema carries each signal's level and the counts by level.
    const output = descriptors[2]!.outputSchema as {
      properties: Record<string, { items?: { properties: Record<string, unknown> }; properties?: Record<string, unknown> }>;
    };
    expect(output.properties.signals!.items!.properties.level).toMatchObject({ type: 'string', enum: ['warning', 'suggestion'] });
    expect(output.properties.coverage!.properties!.signalsByLevel).toMatchObject({ required: ['warning', 'suggestion'] });
    expect(descriptors[2]!.inputSchema.required).toEqual(['text']);
    const evidence = descriptors[3]!.inputSchema;
    expect(evidence.required).toEqual(['language', 'profile', 'role', 'cohortId']);
    expect((evidence.properties as Record<string, unknown>).cohortId).toMatchObject({ minLength: 1, maxLength: 200 });
  });

  it('accept no field the schema does not list', async () => {
    for (const d of descriptors) {
      const result = await call(d.name, { notInSchema: true });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    }
  });
});

describe('plainLineProblem', () => {
  it.each([
    ['a bidi override', 'Checking \u202Etext'],
    ['a zero-width space', 'Checking\u200Btext'],
    ['a line break', 'Checking\ntext'],
    ['a line separator', 'Checking\u2028text'],
    ['a paragraph separator', 'Checking\u2029text'],
    ['a tab', 'Checking\ttext'],
  ])('refuses %s', (_label, value) => {
    expect(plainLineProblem('title', value)).toMatch(/^title must not contain U\+/);
  });

  it('judges characters before length', () => {
    expect(plainLineProblem('title', `${'x'.repeat(70)}\u202E`)).toMatch(/U\+202E/);
  });

  it('counts UTF-16 units: 30 emoji fit, 31 do not', () => {
    expect(plainLineProblem('title', '\u{1F600}'.repeat(30))).toBeUndefined();
    expect(plainLineProblem('title', '\u{1F600}'.repeat(31))).toBe('title must be at most 60 UTF-16 units (got 62)');
  });

  it('refuses empty and non-string values', () => {
    expect(plainLineProblem('title', '  ')).toBe('title must be 1 to 60 UTF-16 units, not empty or white space only');
    expect(plainLineProblem('title', 5)).toBe('title must be a string');
  });
});
