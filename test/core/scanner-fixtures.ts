// Hand-made scanner records and texts for the scanner tests: phrases that
// overlap across rules, share prefixes, end in ß or contain s and k (which the
// Unicode flag folds with ſ and the Kelvin sign); and records with bounded pairs.
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import type { Language, RuleId, SignalLevel } from '../../src/core/catalogue/ids';
import { compilePhrases, compileRecordSource, orderPhrases, type PhrasePair, RECORD_FLAGS } from '../../src/core/scanner/phrase-pattern';

function record(ruleId: RuleId, language: Language, phrases: string[], level: SignalLevel = 'warning'): CompiledSignalRecord {
  const ordered = [...phrases].sort((a, b) => b.length - a.length);
  const id = level === 'suggestion' ? `${ruleId}.${language}.suggestion` : `${ruleId}.${language}`;
  return { id, ruleId, language, level, phrases: ordered, source: compilePhrases(ordered), flags: RECORD_FLAGS };
}

export const FIXTURE_RECORDS: readonly CompiledSignalRecord[] = [
  record('unsupported-causality', 'en', ['this ensures', 'ensures that', 'ensures', 'because of this']),
  record('concrete-subject', 'en', ['this', 'it', 'in']),
  record('word-choice', 'en', ['powerful', 'seamless', 'key', 'basically', 'task']),
  record('meta-framing', 'en', ["it's worth noting", 'in fact', 'note that', 'fact']),
  // Suggestion records, overlapping their rule's warning record and other rules.
  record('meta-framing', 'en', ['note', 'fact that', 'ensures that'], 'suggestion'),
  record('word-choice', 'de', ['straße', 'groß', 'große', 'größer', 'mächtig', 'nahtlos']),
  record('calibrated-uncertainty', 'de', ['eventuell', 'vielleicht', 'ist', 'es ist möglich']),
  record('concrete-subject', 'de', ['dies', 'dieses', 'es']),
  record('word-choice', 'de', ['groß', 'nahtlose', 'ist'], 'suggestion'),
];

/** Every rule that has a fixture record. */
export const FIXTURE_RULE_IDS: readonly RuleId[] = [...new Set(FIXTURE_RECORDS.map((r) => r.ruleId))];

/** Texts that probe each edge the scanner must treat exactly like the reference. */
export const EDGE_TEXTS: readonly { name: string; language: Language; text: string }[] = [
  { name: 'phrases of different rules overlap', language: 'en', text: 'This ensures that it works; this ensures nothing.' },
  { name: 'a shorter phrase when the longer one fails its edge', language: 'en', text: 'in factory in fact infact in' },
  { name: 'match at the very start and the very end', language: 'en', text: 'powerful' },
  { name: 'emoji before and after', language: 'en', text: '😀powerful😀 🏳️‍🌈seamless👍🏽' },
  { name: 'combining mark before and after', language: 'en', text: 'e\u0301powerful powerful\u0301 \u0301key key' },
  { name: 'letters of other scripts at the edges', language: 'en', text: 'жkey keyж 中key key中 ٣key key٣ _key key_' },
  {
    name: 'numbers that are not decimal digits at the edges',
    language: 'en',
    text: '\u00B2key key\u00B2 \u216Bkey key\u216B \u00BDpowerful powerful\u00BD 2key key2',
  },
  {
    name: 'Kelvin sign and long s fold under the Unicode flag',
    language: 'en',
    text: '\u212Aey \u017Feamless ba\u017Fically ta\u017F\u212A',
  },
  { name: 'dotted and dotless i do not fold to i', language: 'en', text: '\u0130n \u0131n \u0130T \u0131t in IN' },
  { name: 'lone surrogates around matches', language: 'en', text: '\uD800key \uDC00key key\uD800 key\uDC00 \uDC00\uD800key' },
  { name: 'matches after a surrogate pair in a word', language: 'en', text: '\uD835\uDC00key \uD835\uDC00 key' },
  {
    name: 'white space inside phrases',
    language: 'en',
    text: 'in\u00A0fact in\r\nfact in\t\tfact in\u2028fact it\u2019s worth noting IT’S  WORTH\nNOTING',
  },
  { name: 'CRLF, CR and LF lines', language: 'en', text: 'one\r\ntwo this\rthree it\nfour\u2028key\u2029key\r\n\r\nkey' },
  {
    name: 'phrases over paragraph breaks and list item starts',
    language: 'en',
    text: 'in\n\nfact in \r\n\t\r\nfact in\n- fact in\n1. fact this\r\rensures in\nfact\n\n\n- key\n-key',
  },
  {
    name: 'sharp s, capital sharp s and umlauts at word edges',
    language: 'de',
    text: 'Straße STRAẞE straẞe Strasse größer GRÖSSER Großartig groß. Größe große',
  },
  {
    name: 'umlauts next to a phrase',
    language: 'de',
    text: 'äes esä ümächtig mächtigö Dieses dies, DIES es ist möglich, Es\nist\u00A0möglich',
  },
  { name: 'dotted capital I in German', language: 'de', text: '\u0130st \u0131st IST ist İST' },
  { name: 'empty text', language: 'de', text: '' },
];

function pairRecord(ruleId: RuleId, language: Language, phrases: string[], pairs: PhrasePair[]): CompiledSignalRecord {
  const ordered = orderPhrases(phrases);
  return {
    id: `${ruleId}.${language}`,
    ruleId,
    language,
    level: 'warning',
    phrases: ordered,
    pairs,
    source: compileRecordSource({ phrases: ordered, pairs }),
    flags: RECORD_FLAGS,
  };
}

// Longer than the most pieces a branch of the shared candidate keeps, so the
// candidate cuts it and the record's own filter must tell it from near-misses.
const LONG = 'it is important to keep in mind that';

/**
 * Records with bounded pairs: first parts that are common words, also
 * literal phrases of the same or another record, adjacent (within 0) and
 * wide (within 8) gaps, a first part that starts with ü, and a phrase longer
 * than the candidate keeps.
 */
export const PAIR_FIXTURE_RECORDS: readonly CompiledSignalRecord[] = [
  pairRecord(
    'calibrated-uncertainty',
    'en',
    ['may'],
    [
      { first: ['may', 'might'], then: ['perhaps', 'possibly'], within: 3 },
      { first: ['usually', 'typically'], then: ['in most cases', 'mostly'], within: 8 },
    ],
  ),
  pairRecord(
    'concrete-subject',
    'en',
    [LONG, 'it'],
    [
      { first: ['it', 'this', "it's"], then: ['allows', 'enables', "doesn't"], within: 0 },
      { first: ['it is', "it's"], then: ['important to note', 'worth noting'], within: 0 },
    ],
  ),
  pairRecord('unsupported-contrast', 'en', ['not just'], [{ first: ['not only', 'not just'], then: ['but', 'but also'], within: 8 }]),
  pairRecord(
    'calibrated-uncertainty',
    'de',
    ['üblicherweise'],
    [
      { first: ['üblicherweise', 'meist'], then: ['vielleicht', 'unter Umständen'], within: 4 },
      { first: ['es scheint'], then: ['möglicherweise'], within: 0 },
    ],
  ),
];

/** Every rule that has a pair fixture record. */
export const PAIR_FIXTURE_RULE_IDS: readonly RuleId[] = [...new Set(PAIR_FIXTURE_RECORDS.map((r) => r.ruleId))];

/** Texts that probe how pairs match: gaps, commas, sentence ends, near-misses, the cut phrase. */
export const PAIR_EDGE_TEXTS: readonly { name: string; language: Language; text: string }[] = [
  { name: 'pair with no words between', language: 'en', text: 'It may perhaps work. It may, perhaps, work.' },
  {
    name: 'pair with the most words between, and one too many',
    language: 'en',
    text: 'usually a b c d e f g h mostly; usually a b c d e f g h i mostly',
  },
  {
    name: 'pair stopped by sentence and clause marks',
    language: 'en',
    text: 'may be. perhaps may be; perhaps may be: perhaps may be! possibly may be? possibly',
  },
  { name: 'pair stopped by the object replacement mark', language: 'en', text: 'may \uFFFC perhaps may x\uFFFCy perhaps' },
  { name: 'first part alone, also a phrase', language: 'en', text: 'It may. May I? MAY\n\nPERHAPS maybe perhaps mayperhaps' },
  {
    name: 'adjacent pairs and their near-misses',
    language: 'en',
    text: "It allows. This enables, it allowed, it's allows it doesn't it’s doesn’t IT ALLOWS it\tallows itallows",
  },
  {
    name: 'adjacent pair with a comma and with two words',
    language: 'en',
    text: "it, allows it's, worth noting it is worth noting it is, important to note it is very important to note",
  },
  { name: 'wide pair, nested first parts', language: 'en', text: 'not only not just this but also that, not only a b c d e f g h but' },
  {
    name: 'the long phrase and its near-misses',
    language: 'en',
    text: `${LONG} ${LONG}s x${LONG} ${LONG.slice(0, -1)} ${LONG.toUpperCase()}ä ${LONG.replace(/ /g, '\n')}`,
  },
  {
    name: 'pairs over paragraph breaks and list item starts',
    language: 'en',
    text: 'may be\n\nperhaps - may\n- perhaps usually a\r\n\r\nmostly it\n\nallows not only x\n  * but not only x\n  but may\n12) possibly',
  },
  {
    name: 'German pairs with umlauts at the edges',
    language: 'de',
    text: 'Üblicherweise ist es vielleicht so. äüblicherweise vielleicht, meist a b c d unter Umständen; es scheint möglicherweise, es scheint, möglicherweise',
  },
];
