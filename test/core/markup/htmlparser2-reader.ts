// The HTML reader built on htmlparser2's tokenizer, which the shipped reader
// (src/core/markup/html.ts) replaced: not shipped. It is the reference of the
// differential test (test/core/markup/html-differential.test.ts) and the
// other side of the HTML reader row of `npm run bench`. htmlparser2 reports
// tags, comments and text with their offsets and decodes character
// references; this file decides what is prose, by the same rules.
import { Tokenizer } from 'htmlparser2';
import { UnitKind, UnitMask } from '../../../src/core/markup/mask';

/** Elements whose text is code, not prose. */
const CODE_ELEMENTS = new Set(['script', 'style', 'pre', 'code', 'kbd', 'samp', 'var', 'template']);

/** Elements inside a line of prose: their tags do not separate words or phrases. */
const INLINE_ELEMENTS = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
]);

/** Marks what in an HTML text is not prose, with htmlparser2's tokenizer. */
export function readHtmlWithHtmlparser2(text: string): UnitMask {
  const mask = new UnitMask(text);
  // Everything is markup that separates until the tokenizer says it is text.
  mask.mark(0, text.length, UnitKind.markupBreak);
  const lower = (start: number, end: number) => text.slice(start, end).toLowerCase();
  /** Where the next construct starts: after the last text, reference or tag. */
  let cursor = 0;
  let tagStart = 0;
  let tagName = '';
  /** Open code elements; their text is code. */
  let codeDepth = 0;

  const tagEnd = (end: number, opens: boolean) => {
    if (INLINE_ELEMENTS.has(tagName)) mask.mark(tagStart, end, UnitKind.markup);
    if (CODE_ELEMENTS.has(tagName)) codeDepth = Math.max(0, codeDepth + (opens ? 1 : -1));
    cursor = end;
  };

  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      ontext(start, end) {
        // htmlparser2 reports text from -1 after a closing tag the input ends in: nothing to mark.
        if (start < 0) return;
        mask.mark(start, end, codeDepth > 0 ? UnitKind.code : UnitKind.prose);
        cursor = end;
      },
      ontextentity(codePoint, end) {
        const char = String.fromCodePoint(codePoint);
        const last = mask.replacements[mask.replacements.length - 1];
        // A reference for two code points arrives as two calls with the same end.
        // The event gives only the end; a reference holds one `&`, its first unit.
        const start = text.lastIndexOf('&', end - 1);
        if (end === cursor && last !== undefined && last.end === end) last.text += char;
        else if (codeDepth > 0) mask.mark(start, end, UnitKind.code);
        else mask.replace(start, end, char);
        cursor = end;
      },
      onopentagname(start, end) {
        tagStart = cursor;
        tagName = lower(start, end);
      },
      onopentagend(end) {
        tagEnd(end + 1, true);
      },
      onselfclosingtag(end) {
        // HTML ignores the slash: `<code/>` opens a code element like `<code>`.
        tagEnd(end + 1, true);
      },
      onclosetag(start, end) {
        // The event comes at the end of the name; the tag ends at the next `>`.
        const gt = text.indexOf('>', end);
        if (gt === -1) {
          cursor = text.length;
          return;
        }
        tagStart = cursor;
        tagName = lower(start, end);
        tagEnd(gt + 1, false);
      },
      oncomment(start, end, offset) {
        mask.comments.push({ start: cursor, end: end + 1, body: text.slice(start, end - offset) });
        cursor = end + 1;
      },
      oncdata(_start, end) {
        cursor = end + 1;
      },
      ondeclaration(_start, end) {
        cursor = end + 1;
      },
      onprocessinginstruction(_start, end) {
        cursor = end + 1;
      },
      onattribname() {},
      onattribdata() {},
      onattribentity() {},
      onattribend() {},
      onend() {},
    },
  );
  tokenizer.write(text);
  tokenizer.end();
  return mask;
}
