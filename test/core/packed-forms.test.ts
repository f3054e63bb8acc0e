// The signal records' forms as the generated module ships them, packed into
// strings (compile.ts packSignalForms), come back exactly; a form holding a
// separator fails the build rather than splitting wrongly.
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { packSignalForms, unpackSignalForms } from '../../src/core/catalogue/compile';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';

const record = (phrases: string[], pairs: CompiledSignalRecord['pairs']): CompiledSignalRecord => ({
  id: 'word-choice.en',
  ruleId: 'word-choice',
  language: 'en',
  level: 'warning',
  phrases,
  pairs,
  notAfter: { words: ['not'], within: 0 },
  source: '',
  flags: 'giu',
});

describe('packed signal forms', () => {
  it('give back every record of the bundled catalogue exactly, guards as they were', () => {
    for (const compiled of catalogue.signalRecords) {
      const packed = packSignalForms(compiled);
      expect(unpackSignalForms(packed)).toEqual({ phrases: compiled.phrases, pairs: compiled.pairs ?? [] });
      const { phrases: _phrases, pairs: _pairs, source: _source, flags: _flags, ...guards } = compiled;
      const { phrases: _p, pairs: _q, ...shippedGuards } = packed;
      expect(shippedGuards).toEqual(guards);
    }
  });

  it('keep empty lists, one-form lists and a pair gap of 0 apart', () => {
    const pairs = [
      { first: ['a b'], then: ["it's", 'it is'], within: 0 },
      { first: ['x', 'y'], then: ['z'], within: 12 },
    ];
    expect(unpackSignalForms(packSignalForms(record([], [])))).toEqual({ phrases: [], pairs: [] });
    expect(unpackSignalForms(packSignalForms(record(['only'], pairs)))).toEqual({ phrases: ['only'], pairs });
    expect(packSignalForms(record(['only'], pairs)).pairs).toBe("0^a b^it's|it is$12^x|y^z");
  });

  it.each(['a|b', 'a^b', 'a$b'])('refuse a form holding a separator (%s), naming the record', (form) => {
    expect(() => packSignalForms(record([form], []))).toThrow(/word-choice\.en: the form .* holds a separator/);
    expect(() => packSignalForms(record([], [{ first: ['x'], then: [form], within: 1 }]))).toThrow(/word-choice\.en/);
    expect(() => packSignalForms(record([], [{ first: [form], then: ['x'], within: 1 }]))).toThrow(/word-choice\.en/);
  });

  it('refuse an empty form, which would come back as no form', () => {
    expect(() => packSignalForms(record([''], []))).toThrow(/word-choice\.en: an empty form cannot be packed/);
    expect(() => packSignalForms(record([], [{ first: ['x'], then: [''], within: 1 }]))).toThrow(/word-choice\.en: an empty form/);
  });
});
