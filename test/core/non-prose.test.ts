// Not prose, not a use (non-prose.ts): identifiers, URLs, e-mail addresses and
// file paths are not scanned, a cue that is part of a name or a quoted mention
// gives no signal; in text, Markdown and HTML, in both languages. Ordinary
// uses still do: a lower-case cue, a cue at a sentence's start in English, a
// German noun cue.
import { describe, expect, it } from 'vitest';
import { scanDocument } from '../../src/core/index';
import { LANGUAGES, SCANNABLE_RULE_IDS, type Language } from '../../src/core/catalogue/ids';
import { catalogue } from '../../src/core/catalogue/catalogue.generated';
import { readProse } from '../../src/core/scanner/non-prose';
import { referenceScan } from '../../src/core/scanner/reference-scan';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { bestOfThree, filled } from '../support/adversarial';

const FORMATS = ['text', 'markdown', 'html'] as const;
type Format = (typeof FORMATS)[number];

/** The text as a document of `format`: HTML wraps it in a paragraph. */
function document(text: string, format: Format): string {
  return format === 'html' ? `<p>${text}</p>` : text;
}

/** The quotes of every signal of all eight rules in `text` read as `format`. */
async function quotes(text: string, language: Language, format: Format): Promise<string[]> {
  const result = await scanDocument({ text: document(text, format), language, format, ruleIds: [...SCANNABLE_RULE_IDS] });
  if (!result.ok) throw new Error(result.error.message);
  return result.data.signals.map((signal) => signal.quote);
}

const scanner = createSignalScanner(catalogue.signalRecords);
/** The fast scanner's quotes, after checking that the reference scanner returns the same. */
function plainQuotes(text: string, language: Language): string[] {
  const request = { text, language, ruleIds: SCANNABLE_RULE_IDS };
  const signals = scanner(request);
  expect(signals).toEqual(referenceScan(catalogue.signalRecords, request));
  return signals.map((signal) => signal.quote);
}

describe.each(FORMATS)('in %s mode', (format) => {
  describe('non-prose tokens are not scanned', () => {
    it.each([
      'See https://example.com/powerful-tools/ now.',
      'See http://powerful.example.com or www.powerful.io today.',
      'Mail powerful@example.com for access.',
      'Install @synergy-design-system/mcp first.',
      'Call Foo::Powerful or Seamless::Sync directly.',
      'Read config.powerful and app.seamless before you start.',
      'Open ./seamless, ~/powerful, /usr/share/powerful/README and C:\\Tools\\Powerful\\run.exe now.',
      '(see https://example.com/powerful) and "foo_powerful".',
    ])('gives no signal for %s', async (text) => {
      expect(await quotes(text, 'en', format)).toEqual([]);
    });

    it('still scans the prose around them', async () => {
      expect(await quotes('A powerful tool, see https://example.com/powerful-tools/ for a seamless setup.', 'en', format)).toEqual([
        'powerful',
        'seamless setup',
      ]);
      expect(
        await quotes('Ein nahtlos integriertes Werkzeug, siehe https://example.com/nahtlos/ oder nahtlos@example.com.', 'de', format),
      ).toEqual(['nahtlos']);
    });

    it('keeps abbreviations as prose', async () => {
      expect(await quotes('It works with many tools, e.g. powerful ones.', 'en', format)).toEqual(['powerful']);
    });
  });

  describe('names are not cues', () => {
    it.each([
      ['en', 'Use the Seamless Clone tool to remove spots.'],
      ['en', 'Our Synergy design system ships Synergy components.'],
      ['en', 'Seamless Clone removes spots from photos.'],
      ['en', 'The Powerful Tools Suite is installed.'],
      ['en', 'Powerful Tools Suite is installed.'],
      ['en', 'Install the Synergy-Design kit and the Seamless-Clone plugin.'],
      ['de', 'Das Modul Nahtlose Integration ist neu.'],
      ['en', 'Seamless-Clone removes spots.'],
      ['de', 'Mit dem Paket Robuste Plattform Pro entstehen Muster.'],
      ['de', 'Die Meilenstein-GmbH liefert die Software.'],
    ] as const)('%s: gives no signal for %s', async (language, text) => {
      expect(await quotes(text, language, format)).toEqual([]);
    });

    it('still reports a lower-case cue and, in English, a capitalised one that starts a sentence', async () => {
      expect(await quotes('Our synergy is great. Seamless sync is here. "Powerful tools," she said.', 'en', format)).toEqual([
        'synergy',
        'Seamless sync',
        'Powerful',
      ]);
      expect(await quotes('It is fast: Powerful tools for all.', 'en', format)).toEqual(['Powerful']);
    });

    it('still reports German noun cues, capitalised as every noun, and adjectives at a sentence start', async () => {
      expect(await quotes('Die Synergien zwischen den Teams sind groß. Synergien entstehen selten.', 'de', format)).toEqual([
        'Synergien',
        'Synergien',
      ]);
      expect(await quotes('Dieser Gamechanger bringt Ihr Team auf ein neues Level.', 'de', format)).toEqual([
        'Gamechanger',
        'auf ein neues Level',
      ]);
      expect(await quotes('Nahtlose Integration ist wichtig, die nahtlose Integration auch.', 'de', format)).toEqual([
        'Nahtlose Integration',
        'nahtlose Integration',
      ]);
      expect(await quotes('Reibungslose Abläufe und ein nahtloser Übergang für Ihr Team.', 'de', format)).toEqual([
        'Reibungslose',
        'nahtloser Übergang',
      ]);
      // A hyphen joins a plain noun, not a name.
      expect(await quotes('Der Mehrwert-Dienst kostet extra.', 'de', format)).toEqual(['Mehrwert']);
    });
  });

  describe('mentions are not uses', () => {
    it.each([
      ['en', 'Avoid words like "seamlessly" in release notes.'],
      ['en', 'Avoid words like “seamlessly” or ‘powerful’ in release notes.'],
      ['en', "Words like 'seamless' and «powerful» go."],
      ['en', 'Words like "seamlessly," "powerful." and "(synergy)" go.'],
      ['de', 'Wir streichen Wörter wie „nahtlos“ aus unseren Texten.'],
      ['de', 'Wir streichen »nahtlos« und «nahtlos» und ‚nahtlos‘.'],
    ] as const)('%s: gives no signal for %s', async (language, text) => {
      expect(await quotes(text, language, format)).toEqual([]);
    });

    it('still reports a cue inside a longer quotation', async () => {
      expect(await quotes('"Our seamless sync is great," she said.', 'en', format)).toEqual(['seamless sync']);
      expect(await quotes('„Die Integration läuft nahtlos“, sagt sie.', 'de', format)).toEqual(['nahtlos']);
    });
  });

  it('reports a first-person check with what was checked and its result as no bare report', async () => {
    expect(
      await quotes('I verified the fix against the sample file: before the patch it crashed, after it the totals match.', 'en', format),
    ).toEqual([]);
    expect(
      await quotes('Ich habe den Fix mit der Beispieldatei geprüft: vorher stürzte es ab, nachher stimmen die Summen.', 'de', format),
    ).toEqual([]);
    expect(await quotes('I verified the fix this morning.', 'en', format)).toEqual(['I verified']);
  });
});

describe('the scanner (fast and reference alike)', () => {
  it('lets no pair reach across a skipped token as if it were a word', () => {
    // reported-evidence pairs "tested" and "locally" with one word between.
    expect(plainQuotes('Tested it locally.', 'en')).toEqual(['Tested it locally']);
    expect(plainQuotes('Tested foo_bar locally. Tested ./run locally. Tested https://x.example/ locally.', 'en')).toEqual([]);
    expect(plainQuotes('It is worth noting that.', 'en')).toEqual(['It is worth noting']);
    expect(plainQuotes('It is worth_noting that.', 'en')).toEqual([]);
  });

  it('masks exactly the tokens, less the marks around them, and keeps the length', () => {
    const text = 'See (https://a.example/x), "foo_bar". e.g. z.B. fine, and/or x@y.';
    const view = readProse(text, 'en');
    expect(view.text).toHaveLength(text.length);
    const masked = [...view.text.matchAll(/\uFFFC+/g)].map((m) => text.slice(m.index, m.index + m[0].length));
    expect(masked).toEqual(['https://a.example/x', 'foo_bar', 'and/or', 'x@y']);
    expect(view.isUse(0, 3)).toBe(true);
    expect(view.isUse(text.indexOf('foo'), text.indexOf('foo') + 3)).toBe(false);
  });

  it('treats a block boundary as a sentence start', () => {
    expect(plainQuotes('Setup\n\nSeamless sync is here.\n- Powerful tools for all.', 'en')).toEqual(['Seamless sync', 'Powerful']);
    expect(plainQuotes('# Powerful tools\n1) Seamless sync.', 'en')).toEqual(['Powerful', 'Seamless sync']);
    // A list on one line, an emoji bullet, a new line after a line that ends in a mark.
    expect(plainQuotes('Fast - Powerful tools - ⚡️ Seamless sync (beta)\nPowerful tools.', 'en')).toEqual([
      'Powerful',
      'Seamless sync',
      'Powerful',
    ]);
    expect(plainQuotes('Features: * Fast * Powerful tools; Seamless sync. texlogos -- Powerful logos', 'en')).toEqual([
      'Powerful',
      'Seamless sync',
      'Powerful',
    ]);
    expect(plainQuotes('Funktionen: * Schnell * Leistungsstarke Werkzeuge', 'de')).toEqual(['Leistungsstarke']);
  });

  it('reads a hard-wrapped sentence on across its line break', () => {
    expect(plainQuotes('It ships the\nSynergy design system, and\nSeamless sync.', 'en')).toEqual([]);
  });
});

const LENGTH = 250_000;
const fill = (unit: string) => filled(unit, LENGTH);

describe.each(LANGUAGES)('linear time (%s)', (language) => {
  // Runs that make the module read far: one token of marks without white
  // space, quotes around cues, capitalised words and cues, hyphens, dots
  // between letters and abbreviation-like tokens, white space before cues.
  const cue = language === 'en' ? 'Powerful' : 'Synergien';
  const attacks = [
    '@/._:'.repeat(LENGTH / 5),
    `${'a.'.repeat(LENGTH / 2)} x_y`,
    fill(`"${cue}" „${cue.toLowerCase()}“ '${cue}' `),
    fill(`${cue} `),
    fill(`${cue}-`),
    `${'A'.repeat(LENGTH / 2)} ${fill(`${cue} `).slice(LENGTH / 2 + 1)}`,
    fill(`${cue}${' '.repeat(500)}${cue}-Aaaa ((("${' '.repeat(300)}`),
    fill(`${'x'.repeat(400)}.${cue} `),
    fill(`${cue.toLowerCase()} ${'"'.repeat(50)}${cue}${'.'.repeat(50)}" `),
  ];
  const prose = fill(
    language === 'en'
      ? 'The service reads the request, checks each field against its schema and answers with a powerful envelope. '
      : 'Der Dienst liest die Anfrage, prüft jedes Feld gegen sein Schema und bietet Synergien für alle. ',
  );

  it.each(attacks.map((text, index) => [index, text] as const))('attack %i: reads 250,000 units near prose speed', (_index, text) => {
    expect(text.length).toBeGreaterThanOrEqual(LENGTH - 10);
    const read = (t: string) => () => {
      const view = readProse(t, language);
      // Ask about a match at every word start, as a scanner with many records might.
      for (let at = 0; at < t.length; at++) if (at === 0 || t.charCodeAt(at - 1) === 32) view.isUse(at, Math.min(t.length, at + 8));
    };
    const attackMs = bestOfThree(read(text));
    const proseMs = bestOfThree(read(prose));
    expect(attackMs).toBeLessThan(500);
    expect(attackMs).toBeLessThan(20 * proseMs + 50);
  });
});
