// Types for the `commonmark-spec` package (it ships none): the spec text and its examples.
declare module 'commonmark-spec' {
  export interface SpecExample {
    /** The Markdown of the example; a tab is written as →. */
    readonly markdown: string;
    readonly html: string;
    readonly section: string;
    readonly number: number;
  }
  const spec: { readonly text: string; readonly tests: readonly SpecExample[] };
  export default spec;
}
