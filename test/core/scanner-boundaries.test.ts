// A blank line between paragraphs and the start of a list item end a phrase,
// a pair's gap and a guard's reach in plain text, as the separator between
// blocks does in Markdown and HTML mode; a single line break inside a
// paragraph stays white space. Checked on hand-made records (fast scanner and
// reference alike) and on the bundled catalogue through find_writing_signals,
// in text and in Markdown mode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scaled } from '../test-scale';
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import type { RuleId } from '../../src/core/catalogue/ids';
import { createWritingToolDispatcher } from '../../src/core/index';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { compileRecordSource, orderPhrases, RECORD_FLAGS, type RecordPatterns } from '../../src/core/scanner/phrase-pattern';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { createSignalScanner } from '../../src/core/scanner/scan';
import type { FindWritingSignalsResult } from '../../src/core/tools/find-writing-signals';

function guardedRecord(ruleId: RuleId, patterns: RecordPatterns): CompiledSignalRecord {
  const phrases = orderPhrases(patterns.phrases);
  const compiled = { ...patterns, phrases, pairs: patterns.pairs ?? [] };
  return {
    id: `${ruleId}.en`,
    ruleId,
    language: 'en',
    level: 'warning',
    ...compiled,
    source: compileRecordSource(compiled),
    flags: RECORD_FLAGS,
  };
}

// One record per kind of reach: a phrase of several words, a wide pair with a
// gap guard, and a cue with a guard before it (next word), a clause guard
// before it and a forward guard after it.
const RECORDS: readonly CompiledSignalRecord[] = [
  guardedRecord('meta-framing', { phrases: ['as a result', 'it is worth noting'] }),
  guardedRecord('unsupported-contrast', {
    phrases: [],
    pairs: [{ first: ['not only', 'not just'], then: ['but', 'but also'], within: 8 }],
    notInGap: { words: ['never', 'nicht'] },
  }),
  guardedRecord('claims-evidence', {
    phrases: ['fastest'],
    notAfter: { words: ['not'], within: 1 },
    notAfterInClause: { words: ['probably'], within: 6 },
    notBeforeInClause: { words: ['according'], within: 6 },
  }),
];
const RULE_IDS = RECORDS.map((r) => r.ruleId);
const scanner = createSignalScanner(RECORDS);

/** The quotes the fast scanner reports; the reference must report the same signals. */
function quotes(text: string): string[] {
  const request = { text, language: 'en' as const, ruleIds: RULE_IDS };
  const signals = scanner(request);
  expect(signals).toEqual(referenceScan(RECORDS, request));
  return signals.map((s) => s.quote);
}

// Every way a paragraph break or a list item start may be written.
const PARAGRAPH_BREAKS = ['\n\n', '\r\n\r\n', '\r\r', '\n \t\n', '\n\n\n', '\r\n \r\n', '\n\r', '\r\n\n'];
const LIST_STARTS = ['\n- ', '\n* ', '\n+ ', '\n1. ', '\n12) ', '\n\t- ', '\r\n  * ', '\r- ', '\n-\t'];

describe('phrases do not reach across a paragraph break', () => {
  it.each(PARAGRAPH_BREAKS)('%j between the words of a phrase', (separator) => {
    expect(quotes(`As a${separator}result, it is worth${separator}noting.`)).toEqual([]);
  });

  it('a single line break (LF, CRLF or CR) and spaces inside a paragraph stay white space', () => {
    expect(quotes('As a\nresult, it is \r\n worth\rnoting.')).toEqual(['As a\nresult', 'it is \r\n worth\rnoting']);
  });

  it('a phrase on each side of a break is still found', () => {
    expect(quotes('It is worth noting\n\nas a result')).toEqual(['It is worth noting', 'as a result']);
  });
});

describe('pairs do not reach across a paragraph break or into the next list item', () => {
  it.each([...PARAGRAPH_BREAKS, ...LIST_STARTS])('%j between the parts', (separator) => {
    expect(quotes(`Not only the parser${separator}but also the lexer`)).toEqual([]);
    expect(quotes(`- Not just the parser${separator}but the lexer`)).toEqual([]);
  });

  it('the first part at the end of one bullet, the second at the start of the next', () => {
    expect(quotes('- Fast. Not only the parser\n- but also the lexer is new.')).toEqual([]);
  });

  it('a pair inside one list item, and one over a line break inside a paragraph or item, still match', () => {
    expect(quotes('- Not only the parser but the lexer\n- Not just the parser,\n  but also the lexer')).toEqual([
      'Not only the parser but',
      'Not just the parser,\n  but also',
    ]);
  });

  it('a line that only looks like a list item does not end the pair', () => {
    // A marker needs white space after it; a hyphen that joins words or a number in the text is a word.
    for (const text of ['not only a\n-b but', 'not only a\n1x) but', 'not only a\n-- but', 'not only a -\nb but']) {
      expect(quotes(text)).toHaveLength(1);
    }
  });
});

describe('guards do not read across a paragraph break or a list item start', () => {
  it.each([...PARAGRAPH_BREAKS, ...LIST_STARTS])('%j between a guard word and the cue', (separator) => {
    // Guards before the cue: the next word (notAfter) and the clause (notAfterInClause).
    expect(quotes(`It is not${separator}fastest.`)).toEqual(['fastest']);
    expect(quotes(`It is not the${separator}fastest.`)).toEqual(['fastest']);
    expect(quotes(`Probably a${separator}fastest tool.`)).toEqual(['fastest']);
    // The forward guard after the cue: a source named in the next paragraph or item does not back it.
    expect(quotes(`The fastest tool${separator}according to us.`)).toEqual(['fastest']);
  });

  it('still silence a cue in the same paragraph or item, across a single line break', () => {
    expect(quotes('It is not\nthe fastest. Probably the\nfastest. The fastest\naccording to the README.')).toEqual([]);
    // Only the last item's cue stands: the comma ends the forward guard's reach, and the hedge is in the item before.
    expect(quotes('- It is not the fastest\n- Probably the fastest\n- The fastest, according to us')).toEqual(['fastest']);
  });
});

describe('gap guard words', () => {
  it('stop a pair alone or among marks, and not when joined to a letter or a hyphen', () => {
    expect(quotes('Not only (never) the parser but. Not only the nicht, parser but.')).toEqual([]);
    expect(quotes('Not only x-nicht the parser but. Not only nichts xnicht parser but.')).toEqual([
      'Not only x-nicht the parser but',
      'Not only nichts xnicht parser but',
    ]);
    expect(quotes('Not only x-never parser but. Not only -never parser but.')).toEqual(['Not only x-never parser but']);
  });
});

// The bundled catalogue, as a user of find_writing_signals sees it.
const dispatcher = createWritingToolDispatcher();

async function signals(text: string, format: 'text' | 'markdown', language: 'en' | 'de' = 'en'): Promise<string[]> {
  const result = await dispatcher.dispatch({ name: 'find_writing_signals', arguments: { text, language, format } });
  if (!result.ok) throw new Error(result.error.message);
  const data: FindWritingSignalsResult = result.data;
  // The record without its level: these cases are about blocks, not levels.
  return data.signals.map((s) => `${s.patternId.replace(/\.suggestion$/, '')}: ${s.quote}`);
}

describe('find_writing_signals on the bundled catalogue', () => {
  // Each case: the text with one line break (one paragraph: the cue as it stood),
  // then with the break that separates blocks.
  const cases = [
    {
      name: 'a phrase over a blank line',
      joined: 'The new API is fully backwards\ncompatible.',
      split: 'The new API is fully backwards\n\ncompatible.',
      signal: 'claims-evidence.en: fully backwards\ncompatible',
    },
    {
      name: 'a pair from the end of one bullet to the start of the next',
      joined: '- We chose it not because it is small\n  but because it is fast.',
      split: '- We chose it not because it is small\n- but because it is fast.',
      signal: 'unsupported-contrast.en: not because it is small\n  but because',
    },
    {
      name: 'a pair over a blank line',
      joined: 'The parser processes\nmillions of lines a day.',
      split: 'The parser processes\n\nmillions of lines a day.',
      signal: 'claims-evidence.en: processes\nmillions of',
    },
  ];

  it.each(cases)('$name: found in one paragraph, not across blocks, in text and Markdown mode', async ({ joined, split, signal }) => {
    for (const format of ['text', 'markdown'] as const) {
      expect(await signals(joined, format)).toContain(signal);
      expect(await signals(split, format)).toEqual([]);
    }
  });

  it('a hedge in the previous bullet or paragraph does not silence a claim', async () => {
    for (const format of ['text', 'markdown'] as const) {
      const both = ['claims-evidence.en: Blazing fast', 'word-choice.en: Blazing fast'];
      expect(await signals('- Possibly\n- Blazing fast parser', format)).toEqual(both);
      expect(await signals('Possibly\n\nBlazing fast parser', format)).toEqual(both);
      expect(await signals('Possibly a\nblazing fast parser', format)).toEqual(['word-choice.en: blazing fast']);
    }
  });

  it('a negation in the previous bullet does not silence a claim, and a source in the next does not back it', async () => {
    for (const format of ['text', 'markdown'] as const) {
      expect(await signals('- Ist nicht\n- der schnellste Parser', format, 'de')).toEqual(['claims-evidence.de: schnellste']);
      expect(await signals('Ist nicht der schnellste Parser', format, 'de')).toEqual([]);
      expect(await signals('The fastest parser\n\naccording to our benchmarks.', format)).toEqual(['claims-evidence.en: The fastest']);
      expect(await signals('The fastest parser\naccording to our benchmarks.', format)).toEqual([]);
    }
  });
});

/**
 * The definition, line by line: a line break (`\r\n`, `\r` or `\n`) ends a
 * block when, after white space other than a line break, another line break
 * follows, or a list marker (`-`, `*`, `+`, or 1 to 9 digits then `.` or `)`)
 * and a space or a tab. Its last unit becomes U+FFFC.
 */
function markedByDefinition(text: string): string {
  const units = text.split('');
  const isInlineSpace = (c: string | undefined) => c !== undefined && c !== '\r' && c !== '\n' && /\s/.test(c);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\r' && c !== '\n') continue;
    const last = c === '\r' && text[i + 1] === '\n' ? i + 1 : i;
    let next = last + 1;
    while (isInlineSpace(text[next])) next++;
    let digits = 0;
    while (digits < 10 && /[0-9]/.test(text[next + digits] ?? '')) digits++;
    const opensBlock =
      text[next] === '\r' ||
      text[next] === '\n' ||
      (['-', '*', '+'].includes(text[next] ?? '') && [' ', '\t'].includes(text[next + 1] ?? '')) ||
      (digits >= 1 && digits <= 9 && ['.', ')'].includes(text[next + digits] ?? '') && [' ', '\t'].includes(text[next + digits + 1] ?? ''));
    if (opensBlock) units[last] = '\uFFFC';
    i = last;
  }
  return units.join('');
}

describe('markBlockBoundaries', () => {
  it('marks as the definition does, and changes nothing else', () => {
    const unit = fc.constantFrom('\n', '\r', '\r\n', ' ', '\t', '\u00A0', '\u2028', '-', '*', '+', '1', '9', '0', '.', ')', 'a', '\uFFFC');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const marked = markBlockBoundaries(text);
        expect(marked).toBe(markedByDefinition(text));
        expect(marked.length).toBe(text.length);
      }),
      { numRuns: scaled(750) },
    );
  });

  it('marks a paragraph break once per extra line break, and a list item start once', () => {
    expect(markBlockBoundaries('a\n\nb\r\n\r\nc\n\n\nd\n- e\r\n  12) f\n1234567890. g\n-h')).toBe(
      'a\uFFFC\nb\r\uFFFC\r\nc\uFFFC\uFFFC\nd\uFFFC- e\r\uFFFC  12) f\n1234567890. g\n-h',
    );
  });

  it('returns the text itself when it has no boundary', () => {
    const text = 'One paragraph,\nwrapped once;\r\nand again.\r';
    expect(markBlockBoundaries(text)).toBe(text);
  });
});
