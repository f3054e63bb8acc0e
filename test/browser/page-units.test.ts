// The page's pure parts in Node: merging overlapping signals into spans, the
// string form of ID lists in VOIX calls, the VOIX declarations of descriptors,
// the two message tables, filling the template, the shapes of the answers,
// and the choice of language.
import { beforeAll, describe, expect, it } from 'vitest';
import { writingReviewTools } from '../../src/core/index';
import type { WritingSignal } from '../../src/core/scanner/types';
import { installMessages } from '../../src/page/client/i18n';
import { highlightSpans } from '../../src/page/client/render-signals';
import { fits, SIGNALS } from '../../src/page/client/shape';
import { toDispatchArguments } from '../../src/page/client/voix-arguments';
import { fillMessages } from '../../src/page/fill-messages';
import { MESSAGES } from '../../src/page/messages';
import { pickUiLanguage } from '../../src/page/ui-language';
import { voixTool, voixToolsMarkup } from '../../src/page/voix-tools';

beforeAll(() => installMessages('en', MESSAGES.en));

const signal = (ruleId: string, start: number, end: number) => ({ ruleId, start, end }) as WritingSignal;

describe('highlightSpans', () => {
  it('merges overlapping signals and keeps touching ones apart', () => {
    const spans = highlightSpans(
      [
        signal('word-choice', 10, 14),
        signal('concrete-subject', 0, 6),
        signal('calibrated-uncertainty', 4, 9),
        signal('meta-framing', 9, 10),
      ],
      20,
    );
    expect(spans.map((span) => [span.start, span.end, span.signals.map((s) => s.ruleId)])).toEqual([
      [0, 9, ['concrete-subject', 'calibrated-uncertainty']],
      [9, 10, ['meta-framing']],
      [10, 14, ['word-choice']],
    ]);
  });

  it('drops spans outside the drawn text', () => {
    expect(highlightSpans([signal('word-choice', 3, 12)], 10)).toEqual([]);
  });
});

describe('toDispatchArguments', () => {
  it('splits and trims a comma-separated ruleIds and keeps other fields as given', () => {
    expect(toDispatchArguments({ ruleIds: ' word-choice ,meta-framing', maxSignals: 3 })).toEqual({
      ok: true,
      value: { ruleIds: ['word-choice', 'meta-framing'], maxSignals: 3 },
    });
  });

  it('refuses an empty item instead of dropping it', () => {
    expect(toDispatchArguments({ ruleIds: '' })).toEqual({ ok: false, message: expect.stringContaining('item 1 of 1 is empty') });
    expect(toDispatchArguments({ ruleIds: 'word-choice,' })).toEqual({
      ok: false,
      message: expect.stringContaining('item 2 of 2 is empty'),
    });
  });

  it('reads a missing detail as no arguments and refuses a non-object', () => {
    expect(toDispatchArguments(undefined)).toEqual({ ok: true, value: {} });
    expect(toDispatchArguments(['text'])).toEqual({ ok: false, message: 'The call arguments must be an object of named values' });
  });
});

describe('voixTool', () => {
  const base = writingReviewTools[0]!;

  it('keeps names and descriptions as written, types the props for VOIX and flags required ones', () => {
    const tool = {
      ...base,
      description: 'Reads <rules> & "sources"',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'a' }, n: { type: 'integer' } },
        required: ['text'],
      },
    };
    expect(voixTool(tool)).toEqual({
      name: 'get_writing_rules',
      title: base.title,
      description: 'Reads <rules> & "sources"',
      props: [
        { name: 'text', type: 'string', description: 'a', required: true },
        { name: 'n', type: 'number', description: '', required: false },
      ],
    });
  });

  it('writes an ID list as a comma-separated string and refuses a type VOIX cannot carry', () => {
    const rules = voixTool(base).props.find((prop) => prop.name === 'ruleIds');
    expect(rules?.type).toBe('string');
    expect(rules?.description).toMatch(/^Comma-separated list, such as "exhaustive-checklist,forced-template"/);
    const objectProp = { ...base, inputSchema: { type: 'object', properties: { options: { type: 'object' } } } };
    expect(() => voixTool(objectProp)).toThrow('get_writing_rules.options: no VOIX prop type');
  });
});

describe('voixToolsMarkup', () => {
  it('escapes what a double-quoted attribute needs and keeps apostrophes', () => {
    const base = writingReviewTools[0]!;
    const tool = {
      ...base,
      description: `Reads <rules> & "sources" in 'en'`,
      inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'a"b' } }, required: ['text'] },
    };
    expect(voixToolsMarkup([tool])).toBe(
      `<tool name="get_writing_rules" description="Reads &#60;rules&#62; &#38; &#34;sources&#34; in 'en'" data-title="${base.title}" return><prop name="text" type="string" description="a&#34;b" required></prop></tool>`,
    );
  });
});

describe('message tables', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  it('hold the same keys in English and German', () => {
    expect(Object.keys(MESSAGES.de).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });

  it('use the same placeholders for each key, and no empty message', () => {
    const differing = Object.entries(MESSAGES.en).filter(
      ([key, text]) => placeholders(text).join() !== placeholders(MESSAGES.de[key as keyof typeof MESSAGES.de]).join(),
    );
    expect(differing).toEqual([]);
    expect(
      Object.values(MESSAGES)
        .flatMap((table) => Object.values(table))
        .filter((text) => text.trim() === ''),
    ).toEqual([]);
  });

  it('name each tool as its descriptor titles it, in English', () => {
    expect(writingReviewTools.map((tool) => MESSAGES.en[`tool.${tool.name}`])).toEqual(writingReviewTools.map((tool) => tool.title));
  });

  it('quote in German with „…“, never with straight double quotes', () => {
    expect(Object.values(MESSAGES.de).filter((text) => text.includes('"'))).toEqual([]);
    expect(Object.values(MESSAGES.de).filter((text) => (text.match(/„/g) ?? []).length !== (text.match(/“/g) ?? []).length)).toEqual([]);
  });
});

describe('fillMessages', () => {
  const template =
    '<html lang="x"><title data-t="page.title"></title><p class="a" data-t="submit" id="b"></p><script type="application/json"><!--ui-messages--></script>';

  it('fills each marked element in the language and embeds the other messages of that table as JSON', () => {
    const html = fillMessages(template, 'de');
    expect(html).toContain('<title data-t="page.title">Textprüfung</title>');
    expect(html).toContain('<p class="a" data-t="submit" id="b">Signale suchen</p>');
    const json = html.match(/<script type="application\/json">(.*)<\/script>/)?.[1] ?? '';
    const { 'page.title': title, submit, ...rest } = MESSAGES.de;
    expect([title, submit]).toEqual(['Textprüfung', 'Signale suchen']);
    expect(JSON.parse(json)).toEqual(rest);
    expect(json).not.toContain('<');
  });

  it('refuses an unknown key and a marked element that is not empty', () => {
    expect(() => fillMessages('<p data-t="no.such"></p><!--ui-messages-->', 'en')).toThrow('data-t="no.such" names no message');
    expect(() => fillMessages('<p data-t="submit">Go</p><!--ui-messages-->', 'en')).toThrow('1 data-t element(s) are not written empty');
  });
});

describe('fits', () => {
  const answer = {
    signals: [{ ruleId: 'word-choice', level: 'warning', start: 2, end: 10 }],
    coverage: { language: 'en', scannedRuleIds: ['word-choice'], unscannedRuleIds: [], maxSignals: 500, truncated: false },
  };

  it('takes an answer with the fields the page reads, optional ones left out or present', () => {
    expect(fits(answer, SIGNALS)).toBe(true);
    expect(
      fits({ ...answer, coverage: { ...answer.coverage, suppressedSignals: 1, directiveProblems: [{ line: 3, message: 'm' }] } }, SIGNALS),
    ).toBe(true);
  });

  it('refuses a missing field, a wrong type at any depth, and a wrong optional field', () => {
    expect(fits({}, SIGNALS)).toBe(false);
    expect(fits(null, SIGNALS)).toBe(false);
    expect(fits({ ...answer, signals: [{ ruleId: 'word-choice', level: 'warning', start: '2', end: 10 }] }, SIGNALS)).toBe(false);
    // The page draws a signal by its level: one without it is not an answer it can read.
    expect(fits({ ...answer, signals: [{ ruleId: 'word-choice', start: 2, end: 10 }] }, SIGNALS)).toBe(false);
    expect(fits({ ...answer, coverage: { ...answer.coverage, scannedRuleIds: 'word-choice' } }, SIGNALS)).toBe(false);
    expect(fits({ ...answer, coverage: { ...answer.coverage, directiveProblems: [{ line: 3 }] } }, SIGNALS)).toBe(false);
  });
});

describe('pickUiLanguage', () => {
  it('takes ?lang= first, then Accept-Language by weight, then English', () => {
    expect(pickUiLanguage('de', 'en')).toBe('de');
    expect(pickUiLanguage('DE-at', undefined)).toBe('de');
    expect(pickUiLanguage('fr', 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pickUiLanguage(undefined, 'fr-CH, fr;q=0.9, de;q=0.7, en;q=0.8')).toBe('en');
    expect(pickUiLanguage(undefined, 'fr-CH, fr;q=0.9, de;q=0.7')).toBe('de');
    expect(pickUiLanguage(undefined, 'de;q=0, en-GB')).toBe('en');
    expect(pickUiLanguage(undefined, 'de;q=2, *')).toBe('en');
    expect(pickUiLanguage(undefined, undefined)).toBe('en');
    expect(pickUiLanguage('', '')).toBe('en');
  });
});

// The limit is written into the messages to keep the page small; the script
// compares with the tool's own limit, so both must say the same number.
describe('the text limit in the messages', () => {
  it('is the tool limit, written as each language writes numbers', async () => {
    const { MAX_TEXT_UNITS } = await import('../../src/core/index');
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['de', 'de-DE'],
    ] as const) {
      const limit = MAX_TEXT_UNITS.toLocaleString(locale);
      expect(MESSAGES[language]['text.hint'], language).toContain(limit);
      expect(MESSAGES[language]['text.too-long'], language).toContain(limit);
    }
  });
});
