// The HTML reader: htmlparser2's tokenizer finds tags, comments and text with
// their offsets and decodes character references; this file decides what is
// prose. Text is prose unless it is inside script, style, pre, code, kbd, samp,
// var or template. Tags of inline elements (em, a, span, …) are dropped so a
// phrase runs through them; every other tag separates. docs/markup.md gives the
// measurements behind using htmlparser2 rather than a tokenizer of our own.
import { Tokenizer } from 'htmlparser2';
import { UnitKind, UnitMask } from './mask';

/** Elements whose text is code, not prose. */
const CODE_ELEMENTS = new Set(['script', 'style', 'pre', 'code', 'kbd', 'samp', 'var', 'template']);

/** Elements inside a line of prose: their tags do not separate words or phrases. */
const INLINE_ELEMENTS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'mark', 'q', 's',
  'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'u',
]);

/** Marks what in an HTML text is not prose. */
export function readHtml(text: string): UnitMask {
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
        mask.mark(start, end, codeDepth > 0 ? UnitKind.code : UnitKind.prose);
        cursor = end;
      },
      ontextentity(codePoint, end) {
        const char = String.fromCodePoint(codePoint);
        const last = mask.replacements[mask.replacements.length - 1];
        // A reference for two code points arrives as two calls with the same end.
        if (end === cursor && last !== undefined && last.end === end) last.text += char;
        else if (codeDepth > 0) mask.mark(cursor, end, UnitKind.code);
        else mask.replace(cursor, end, char);
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
        tagStart = cursor;
        tagName = lower(start, end);
        tagEnd(end + 1, false);
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
