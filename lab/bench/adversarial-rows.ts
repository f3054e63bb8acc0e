// Row: the scanner on 250,000 units of near-misses of every phrase and pair
// and attacks on every guard (gap guards included), as a multiple of its time on the same length of real prose.
import { SCANNABLE_RULE_IDS, type Language } from '../../src/core/catalogue/ids';
import { recordGuards } from '../../src/core/scanner/phrase-pattern';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { adversarialText, gapGuardAttacks, guardAttacks } from '../../test/support/adversarial';
import { compare } from './measure';
import { ratio, SKIPPED, type BenchContext, type Row } from './row';

/** adversarial ÷ normal per language. */
export function adversarialRows(context: BenchContext): Row[] {
  const scan = createSignalScanner(context.records);
  const ratios: Partial<Record<Language, number>> = {};
  for (const language of ['en', 'de'] as const) {
    const prose = context.prose[language];
    if (!('text' in prose)) continue;
    const records = context.records.filter((r) => r.language === language);
    // A pair is attacked through its longest match: first part, the most words allowed, second part.
    const pairMatches = records.flatMap((r) =>
      (r.pairs ?? []).map((p) => [p.first[0], ...Array<string>(p.within).fill('wort'), p.then[0]].join(' ')),
    );
    const phrases = [...records.flatMap((r) => r.phrases), ...pairMatches];
    const guards = records.flatMap((r) => [
      ...recordGuards(r).flatMap(({ guard, side }) => guardAttacks(guard, r.phrases[0] ?? '', side)),
      ...(r.notInGap ? gapGuardAttacks(r.pairs ?? [], r.notInGap) : []),
    ]);
    const hostile = adversarialText(phrases, prose.text.length, guards);
    const t = compare(
      {
        normal: () => scan({ text: prose.text, language, ruleIds: SCANNABLE_RULE_IDS }),
        adversarial: () => scan({ text: hostile, language, ruleIds: SCANNABLE_RULE_IDS }),
      },
      { warmup: 20, runs: 200 },
    );
    ratios[language] = t.adversarial.medianMs / t.normal.medianMs;
  }
  const cell = (language: Language) => (ratios[language] === undefined ? SKIPPED : ratio(ratios[language] as number));
  return [
    {
      measure: 'adversarial ÷ normal text (scanner)',
      en: cell('en'),
      de: cell('de'),
      target: '≤ 3×',
      met: Object.values(ratios).every((r) => r <= 3),
    },
  ];
}
