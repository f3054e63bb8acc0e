// Every signal the scanner records raise on a corpus, each sentence once per
// record. Shared by the precision measurement and the development-sample draw.
import type { CompiledSignalRecord } from '../../src/core/catalogue/compiled-types';
import { markBlockBoundaries } from '../../src/core/scanner/block-boundaries';
import { type ProseView, readProse } from '../../src/core/scanner/non-prose';
import { contextOf } from '../quality/sample';
import type { Corpus } from '../../test/support/corpus/types';

/** One signal in its context, where it stands in the corpus. */
export interface CorpusSignal {
  patternId: string;
  quote: string;
  /** The sentence before and the sentence of the signal, the quote in [[ ]]. */
  context: string;
  /** The signal's own sentence, the quote in [[ ]]: what makes two signals the same piece of writing. */
  sentence: string;
  source: string;
  offset: number;
}

/**
 * Every signal of every record, each sentence once per record: Debian repeats
 * a sentence across many packages (one LibreOffice sentence stands in dozens
 * of language packs), and one piece of writing must not fill a record's sample.
 */
export function signalsPerRecord(corpus: Corpus, records: readonly CompiledSignalRecord[]): Map<string, CorpusSignal[]> {
  const hits = new Map<string, CorpusSignal[]>(records.map((r) => [r.id, []]));
  // As the scanner runs a record: over the text with its paragraph breaks and list item starts
  // marked and its non-prose tokens masked, keeping the matches that are uses (non-prose.ts).
  const marked = corpus.documents.map((doc) => markBlockBoundaries(doc.text));
  const views = new Map<string, ProseView[]>();
  const viewsIn = (language: string): ProseView[] => {
    let found = views.get(language);
    if (!found) {
      found = marked.map((text) => readProse(text, language as CompiledSignalRecord['language']));
      views.set(language, found);
    }
    return found;
  };
  for (const record of records) {
    const regex = new RegExp(record.source, record.flags);
    const seen = new Set<string>();
    const prose = viewsIn(record.language);
    for (const [index, doc] of corpus.documents.entries()) {
      const view = prose[index]!;
      for (const m of view.text.matchAll(regex)) {
        const start = m.index;
        if (!view.isUse(start, start + m[0].length)) continue;
        const sentence = contextOf(doc.text, start, start + m[0].length, 0);
        if (seen.has(sentence)) continue;
        seen.add(sentence);
        hits.get(record.id)!.push({
          patternId: record.id,
          quote: doc.text.slice(start, start + m[0].length),
          context: contextOf(doc.text, start, start + m[0].length),
          sentence,
          source: doc.source.replace(/^node_modules\//, ''),
          offset: start,
        });
      }
    }
  }
  return hits;
}
