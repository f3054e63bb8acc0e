// The shape of a prose corpus, shared by the corpus builders, the precision
// measurement and the benchmark.

/** One source document reduced to prose paragraphs separated by blank lines. */
export interface CorpusDocument {
  /** Where the text came from: a path under node_modules or a Debian file. */
  readonly source: string;
  readonly text: string;
}

export interface Corpus {
  readonly language: 'en' | 'de';
  readonly documents: readonly CorpusDocument[];
  /** Lines that say exactly what was read, for docs/precision.md. */
  readonly provenance: readonly string[];
}
