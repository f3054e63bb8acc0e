// Conformance against the CommonMark reference implementation: for every
// example of the spec, the code, raw HTML and link destinations our Markdown
// reader marks are the ones `commonmark` puts in its tree. The reference wins
// every disagreement; the exceptions below are listed in docs/markup.md.
import spec from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src/core/markup/markdown';
import { agrees, ourNodes, referenceNodes, specMarkdown } from './reference';

/** A tab only partly consumed by indentation: the reference writes spaces for its rest, we keep the tab. */
const PARTLY_CONSUMED_TAB = [5, 6, 7];
/** Front matter (96, 98) and GFM autolink literals (606, 608, 611, 612) read these differently, on purpose. */
const EXTENSION_EXAMPLES = [96, 98, 606, 608, 611, 612];

describe('the CommonMark spec examples against commonmark 0.31.2', () => {
  it.each(spec.tests.map((example) => [example.number, example.section, example.markdown] as const))(
    'example %i (%s)',
    (number, _section, markdown) => {
      const text = specMarkdown(markdown);
      const verdict = agrees(ourNodes(text), referenceNodes(text));
      expect(verdict).toBe(PARTLY_CONSUMED_TAB.includes(number) ? 'same-but-tabs' : 'same');
    },
  );

  it('reads exactly the listed examples differently with the extensions on', () => {
    const differing = spec.tests
      .filter((example) => {
        const text = specMarkdown(example.markdown);
        return readMarkdown(text, { extensions: false }).kinds.join() !== readMarkdown(text).kinds.join();
      })
      .map((example) => example.number);
    expect(differing).toEqual(EXTENSION_EXAMPLES);
  });
});

describe('documents that once differed, against commonmark 0.31.2', () => {
  it.each([
    // A failed thematic break after a list marker must not hide a later one on the line.
    '- > ---\n   </script>\n\t<!X ><pre><http://a.b/c>:**word',
    '- - - x\n* * * *\n- * * *\n',
    // Definitions are read in document order, except those under a setext underline.
    '- > [foo]: /url\n\n [foo]:```]wordword\n   ===\n> [foo]\n',
  ])('%j', (markdown) => {
    // The first has a partly consumed tab (the reference writes spaces for its rest).
    expect(agrees(ourNodes(markdown), referenceNodes(markdown))).not.toBe('different');
  });
});
