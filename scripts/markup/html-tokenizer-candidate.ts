// The purpose-built alternative to htmlparser2 that docs/markup.md measures:
// a single-pass HTML tokenizer that marks exactly what readHtml marks (text,
// inline and separating tags, code elements, comments, references). Not
// shipped; scripts/bench/markup-rows.ts times it against readHtml and counts
// the units where the two masks differ.
import { decodeHTMLStrict } from 'entities';
import { UnitKind, UnitMask } from '../../src/core/markup/mask';

const CODE_ELEMENTS = new Set(['script', 'style', 'pre', 'code', 'kbd', 'samp', 'var', 'template']);
const INLINE_ELEMENTS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'mark', 'q', 's',
  'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'u',
]);
/** Elements whose contents are raw text up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameEnd = (c: number) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13 || c === 47 || c === 62;

export function readHtmlCandidate(s: string): UnitMask {
  const mask = new UnitMask(s);
  mask.mark(0, s.length, UnitKind.markupBreak);
  const n = s.length;
  let codeDepth = 0;
  let i = 0;
  let lower: string | null = null;
  const text = (start: number, end: number) => {
    if (codeDepth > 0) return mask.mark(start, end, UnitKind.code);
    let at = start;
    for (let amp = s.indexOf('&', at); amp !== -1 && amp < end; amp = s.indexOf('&', at)) {
      mask.mark(at, amp, UnitKind.prose);
      const semi = s.indexOf(';', amp);
      const decoded = semi !== -1 && semi < end && semi - amp <= 33 ? decodeHTMLStrict(s.slice(amp, semi + 1)) : null;
      if (decoded !== null && decoded !== s.slice(amp, semi + 1)) {
        mask.replace(amp, semi + 1, decoded);
        at = semi + 1;
      } else {
        mask.mark(amp, amp + 1, UnitKind.prose);
        at = amp + 1;
      }
    }
    mask.mark(at, end, UnitKind.prose);
  };
  while (i < n) {
    const lt = s.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) text(i, textEnd);
    if (lt === -1) break;
    const c = s.charCodeAt(lt + 1);
    if (c === 33 && s.startsWith('--', lt + 2)) {
      const close = s.indexOf('-->', lt + 4);
      const end = close === -1 ? n : close + 3;
      mask.comments.push({ start: lt, end, body: s.slice(lt + 4, close === -1 ? n : close) });
      i = end;
    } else if (c === 33 || c === 63) {
      const close = s.indexOf('>', lt + 2);
      i = close === -1 ? n : close + 1;
    } else if (isLetter(c) || (c === 47 && isLetter(s.charCodeAt(lt + 2)))) {
      const closing = c === 47;
      const nameStart = lt + (closing ? 2 : 1);
      let nameEnd = nameStart;
      while (nameEnd < n && !isNameEnd(s.charCodeAt(nameEnd))) nameEnd++;
      const name = s.slice(nameStart, nameEnd).toLowerCase();
      // Attributes: skip to the `>` outside quotes.
      let at = nameEnd;
      let quote = 0;
      for (; at < n; at++) {
        const d = s.charCodeAt(at);
        if (quote !== 0) {
          if (d === quote) quote = 0;
        } else if ((d === 34 || d === 39) && s.charCodeAt(at - 1) === 61) quote = d;
        else if (d === 62) break;
      }
      const end = at < n ? at + 1 : n;
      if (INLINE_ELEMENTS.has(name)) mask.mark(lt, end, UnitKind.markup);
      if (CODE_ELEMENTS.has(name)) codeDepth = Math.max(0, codeDepth + (closing ? -1 : 1));
      i = end;
      if (!closing && RAW_TEXT.has(name)) {
        lower ??= s.toLowerCase();
        const close = lower.indexOf(`</${name}`, i);
        const rawEnd = close === -1 ? n : close;
        if (name === 'textarea' || name === 'title') text(i, rawEnd);
        else mask.mark(i, rawEnd, CODE_ELEMENTS.has(name) ? UnitKind.code : UnitKind.markupBreak);
        i = rawEnd;
      }
    } else {
      text(lt, lt + 1);
      i = lt + 1;
    }
  }
  return mask;
}
