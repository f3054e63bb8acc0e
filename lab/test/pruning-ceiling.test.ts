// The pruning ceiling: how far dropping whole forms could raise the weighted
// share of a language, fitted to the judged lines, while the labelled set
// keeps its recall.
import { describe, expect, it } from 'vitest';
import { type FormCount, formKey, formOf, pruningCeiling, weightedPrecision } from '../quality/pruning-ceiling';

// Two records. In "a", the form "weak" is judged false on 3 of 4 lines; in "b" every judged line is right.
const forms: FormCount[] = [
  { record: 'a.en', form: 'strong', signals: 60, judged: 6, agreed: 6 },
  { record: 'a.en', form: 'weak', signals: 40, judged: 4, agreed: 1 },
  { record: 'a.en', form: 'rare', signals: 10, judged: 1, agreed: 0 },
  { record: 'b.en', form: 'plain', signals: 100, judged: 10, agreed: 10 },
];

describe('weightedPrecision', () => {
  it("weighs each record's judged share by its kept signals", () => {
    // a: 110 signals, 7 of 11 right; b: 100 signals, all right.
    expect(weightedPrecision(forms, new Set()).precision).toBeCloseTo((110 * (7 / 11) + 100) / 210, 10);
    expect(weightedPrecision(forms, new Set([formKey('a.en', 'weak')]))).toEqual({ precision: (70 * (6 / 7) + 100) / 170, signals: 170 });
  });

  it('leaves out a record with no judged line left', () => {
    const unjudged: FormCount[] = [...forms, { record: 'c.en', form: 'unseen', signals: 500, judged: 0, agreed: 0 }];
    expect(weightedPrecision(unjudged, new Set()).signals).toBe(210);
  });
});

describe('pruningCeiling', () => {
  it('drops the form whose removal raises the share most, then stops when nothing raises it', () => {
    const { start, steps } = pruningCeiling(forms, () => 1, { minJudged: 3, minRecall: 0.95 });
    expect(start.precision).toBeCloseTo(weightedPrecision(forms, new Set()).precision, 10);
    expect(steps.map((s) => s.dropped.form)).toEqual(['weak']);
  });

  it('never drops a form judged on fewer lines than asked', () => {
    const { steps } = pruningCeiling(forms, () => 1, { minJudged: 1, minRecall: 0.95 });
    expect(steps.map((s) => s.dropped.form).sort()).toEqual(['rare', 'weak']);
  });

  it('keeps a form whose removal would take recall below the floor', () => {
    const recallWithout = (dropped: ReadonlySet<string>) => (dropped.has(formKey('a.en', 'weak')) ? 0.9 : 1);
    const { start, steps } = pruningCeiling(forms, recallWithout, { minJudged: 3, minRecall: 0.95 });
    expect(start.recall).toBe(1);
    expect(steps).toEqual([]);
  });
});

describe('formOf', () => {
  it('folds case, the typographic apostrophe and runs of white space', () => {
    expect(formOf('It’s  Worth\nNoting')).toBe("it's worth noting");
  });
});
