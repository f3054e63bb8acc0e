// Character references in Markdown text (CommonMark section 2.5): `&name;`
// with a name of the HTML5 list, `&#123;` and `&#x1F;`. Named ones are
// looked up with the `entities` package, the same table HTML uses.
import { decodeHTMLStrict } from 'entities/decode';

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

function fromCodePoint(code: number): string {
  // Zero, surrogates and values past U+10FFFF read as the replacement character.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/** The reference starting at the `&` at `i` (before `end`): its end and its text, or null. */
export function readCharacterReference(s: string, i: number, end: number): { end: number; text: string } | null {
  let at = i + 1;
  if (s.charCodeAt(at) === 35) {
    at++;
    const hex = s.charCodeAt(at) === 120 || s.charCodeAt(at) === 88;
    if (hex) at++;
    const digitsStart = at;
    const most = hex ? 6 : 7;
    while (at < end && at - digitsStart < most && (hex ? isHex(s.charCodeAt(at)) : isAlnum(s.charCodeAt(at)) && s.charCodeAt(at) <= 57))
      at++;
    if (at === digitsStart || at >= end || s.charCodeAt(at) !== 59) return null;
    return { end: at + 1, text: fromCodePoint(Number.parseInt(s.slice(digitsStart, at), hex ? 16 : 10)) };
  }
  const nameStart = at;
  while (at < end && at - nameStart < 32 && isAlnum(s.charCodeAt(at))) at++;
  const first = s.charCodeAt(nameStart);
  if (at - nameStart < 2 || at >= end || s.charCodeAt(at) !== 59 || first <= 57) return null;
  const source = s.slice(i, at + 1);
  const text = decodeHTMLStrict(source);
  return text === source ? null : { end: at + 1, text };
}
