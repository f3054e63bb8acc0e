// The parts of each tool's answer the page reads, and a check that an answer
// has them, so an answer of the wrong shape becomes an error the page shows
// instead of a TypeError in the middle of drawing.

/**
 * What a value must look like: a `typeof` name ('string', 'number',
 * 'boolean'), `[item]` for an array of items, or an object of field shapes;
 * a field name ending in `?` may be missing.
 */
export type Shape = string | readonly [Shape] | { readonly [field: string]: Shape };

/** Whether `value` has `shape`; fields the shape does not name are not looked at. */
export function fits(value: unknown, shape: Shape): boolean {
  if (typeof shape === 'string') return typeof value === shape;
  if (Array.isArray(shape)) return Array.isArray(value) && value.every((item) => fits(item, shape[0]));
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(shape).every(([field, inner]) => {
      const found = (value as Record<string, unknown>)[field.replace('?', '')];
      return fits(found, inner) || (found === undefined && field.endsWith('?'));
    })
  );
}

const bilingual = { en: 'string', de: 'string' };

/** `get_writing_rules` with `detail: 'full'`: what the rule list, titles and instructions use. */
export const RULES: Shape = { rules: [{ id: 'string', title: bilingual, prompt: bilingual, scope: ['string'] }] };

/** `compose_writing_review_prompt`. */
export const PROMPT: Shape = { prompt: 'string' };

/** `find_writing_signals`: the marks, the summary and the coverage. */
export const SIGNALS: Shape = {
  signals: [{ ruleId: 'string', level: 'string', start: 'number', end: 'number' }],
  coverage: {
    language: 'string',
    scannedRuleIds: ['string'],
    unscannedRuleIds: ['string'],
    maxSignals: 'number',
    truncated: 'boolean',
    'notScannedUnits?': { code: 'number', markup: 'number', url: 'number', frontMatter: 'number' },
    'suppressedSignals?': 'number',
    'directiveProblems?': [{ line: 'number', message: 'string' }],
  },
};
