// The HTML reader: a purpose-built tokenizer that follows the HTML5 tokenizer
// as htmlparser2 12 implements it (the differential test compares the two),
// but only marks: it jumps from one `<` or `&` to the next with indexOf, so
// text costs nothing, and it emits no tokens. Text is prose unless it is inside
// script, style, pre, code, kbd, samp, var or template. Tags of inline
// elements (em, a, span, …) are dropped so a phrase runs through them; every
// other tag, comment or declaration separates. Character references in text
// are decoded with the `entities` package's decoder in the HTML5 legacy mode.
// docs/markup.md gives the measurements behind a tokenizer of our own.
import { DecodingMode, EntityDecoder, htmlDecodeTree } from 'entities/decode';
import { UnitKind, UnitMask } from './mask';

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

/**
 * Elements whose contents are text up to their closing tag (HTML5 raw text and
 * RCDATA, as htmlparser2 recognises them): true where references are decoded.
 */
const RAW_TEXT_ELEMENTS = new Map([
  ['script', false],
  ['style', false],
  ['xmp', false],
  ['iframe', false],
  ['noembed', false],
  ['noframes', false],
  ['title', true],
  ['textarea', true],
]);

/** Every element whose contents are not read as HTML. */
const SPECIAL_NAMES = [...RAW_TEXT_ELEMENTS.keys(), 'plaintext'];

const LT = 60;
const GT = 62;
const SLASH = 47;
const DASH = 45;

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** HTML5 white space (not \v). */
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 12 || c === 13;
const endsTagName = (c: number) => c === SLASH || c === GT || isSpace(c);

/** Marks what in an HTML text is not prose. */
export function readHtml(text: string): UnitMask {
  return new HtmlReader(text).read();
}

class HtmlReader {
  private readonly mask: UnitMask;
  private readonly n: number;
  /** End of the last construct read: an inline tag's markup starts here (as htmlparser2's text events end). */
  private cursor = 0;
  /** Open code elements; their text is code. */
  private codeDepth = 0;
  /** The first `&` at or after the last search (the text's length when there is none), so each is found once. */
  private nextAmp = -1;
  /** `title` or `textarea` while reading that element's text. */
  private rcdataName: string | null = null;
  private readonly decoder: EntityDecoder;
  /** What the decoder emitted for the current reference: its text and length in the input. */
  private decoded = '';
  private consumed = 0;

  constructor(private readonly s: string) {
    this.mask = new UnitMask(s);
    this.n = s.length;
    this.decoder = new EntityDecoder(htmlDecodeTree, (codePoint, consumed) => {
      // A reference for two code points calls twice with the same length.
      this.decoded += String.fromCodePoint(codePoint);
      this.consumed = consumed;
    });
  }

  read(): UnitMask {
    const { s, n } = this;
    let at = 0;
    while (at < n) {
      const lt = s.indexOf('<', at);
      const textEnd = lt === -1 ? n : lt;
      this.text(at, textEnd, true);
      if (lt === -1) break;
      at = this.markup(lt);
    }
    return this.mask;
  }

  /** Text [start, end): code inside code elements, else prose with its references decoded. */
  private text(start: number, end: number, decode: boolean): void {
    if (end <= start) return;
    this.cursor = end;
    if (this.codeDepth > 0) {
      this.mask.mark(start, end, UnitKind.code);
      return;
    }
    if (!decode) return;
    let amp = this.nextAmp < start ? this.findAmp(start) : this.nextAmp;
    while (amp < end) {
      const after = this.rcdataName !== null && this.inClosingPrefix(amp) ? amp + 1 : this.reference(amp);
      amp = this.findAmp(after);
    }
  }

  private findAmp(from: number): number {
    const at = this.s.indexOf('&', from);
    this.nextAmp = at === -1 ? this.n : at;
    return this.nextAmp;
  }

  /**
   * Inside title or textarea, whether the units before the `&` at `amp` begin
   * the closing tag (`<`, `</`, `</ti`…): the HTML5 tokenizer is then matching
   * that tag, and the `&` starts no reference.
   */
  private inClosingPrefix(amp: number): boolean {
    const name = this.rcdataName as string;
    // Look back no further than the closing tag is long, so a thousand references cost no more than one each.
    let lt = amp - 1;
    while (lt > amp - name.length - 2 && lt >= 0 && this.s.charCodeAt(lt) !== LT) lt--;
    const length = amp - lt;
    if (lt < 0 || this.s.charCodeAt(lt) !== LT || length >= name.length + 2) return false;
    return length === 1 || (this.s.charCodeAt(lt + 1) === SLASH && this.lowerAt(lt + 2, name.slice(0, length - 2)));
  }

  /**
   * The reference at the `&` at `amp`, if any, marked; returns where text goes
   * on. Text ends at a `<`, which ends any reference, so the decoder reads the
   * input in place.
   */
  private reference(amp: number): number {
    this.decoded = '';
    this.decoder.startEntity(DecodingMode.Legacy);
    if (this.decoder.write(this.s, amp + 1) < 0) this.decoder.end();
    if (this.decoded === '') return amp + 1;
    this.mask.replace(amp, amp + this.consumed, this.decoded);
    return amp + this.consumed;
  }

  /** The construct at the `<` at `lt`; returns the offset after it. */
  private markup(lt: number): number {
    const { s, n } = this;
    const c = s.charCodeAt(lt + 1);
    if (isAsciiLetter(c)) return this.openTag(lt);
    if (c === SLASH) {
      const d = s.charCodeAt(lt + 2);
      if (isAsciiLetter(d)) return this.closeTag(lt);
      if (d === GT) {
        // `</>` is dropped without a trace.
        this.mask.mark(lt, lt + 3, UnitKind.markupBreak);
        return lt + 3;
      }
      if (lt + 2 >= n) {
        this.text(lt, n, true);
        return n;
      }
      return this.bogusComment(lt, lt + 2);
    }
    if (c === 33) return this.declaration(lt);
    if (c === 63) return this.bogusComment(lt, lt + 1);
    // A `<` that starts nothing is text; the text goes on after it.
    this.text(lt, lt + 1, false);
    return lt + 1;
  }

  private tagName(start: number): number {
    const { s, n } = this;
    let end = start;
    while (end < n && !endsTagName(s.charCodeAt(end))) end++;
    return end;
  }

  /** An open tag's `>`, past its attributes (a `>` inside a quoted value does not end it), or -1. */
  private tagEnd(from: number): number {
    const { s, n } = this;
    // 0 before a name, 1 in a name, 2 after a name, 3 before a value, 4 in an unquoted value.
    let state = 0;
    for (let i = from; i < n; i++) {
      const c = s.charCodeAt(i);
      if (state === 3) {
        if (c === 34 || c === 39) {
          const close = s.indexOf(c === 34 ? '"' : "'", i + 1);
          if (close === -1) return -1;
          i = close;
          state = 0;
        } else if (!isSpace(c)) {
          if (c === GT) return i;
          state = 4;
        }
      } else if (c === GT) return i;
      else if (state === 4) {
        if (isSpace(c)) state = 0;
      } else if (c === 61 && state !== 0) state = 3;
      else if (c === SLASH) state = 0;
      else if (isSpace(c)) {
        if (state === 1) state = 2;
      } else state = 1;
    }
    return -1;
  }

  private openTag(lt: number): number {
    const nameEnd = this.tagName(lt + 1);
    const gt = nameEnd < this.n ? this.tagEnd(nameEnd) : -1;
    const name = this.s.slice(lt + 1, nameEnd).toLowerCase();
    if (gt === -1) {
      // The HTML5 tokenizer still matching a raw-text element's name at the end gives that name back as text.
      if (nameEnd === this.n && SPECIAL_NAMES.some((special) => special.startsWith(name))) {
        this.mask.mark(lt, lt + 1, UnitKind.markupBreak);
        this.text(lt + 1, this.n, false);
        return this.n;
      }
      return this.unterminated(lt);
    }
    this.tag(lt, gt + 1, name);
    if (CODE_ELEMENTS.has(name)) this.codeDepth++;
    if (name === 'plaintext') {
      // Everything after it is text, references and tags included.
      this.text(gt + 1, this.n, false);
      return this.n;
    }
    const decode = RAW_TEXT_ELEMENTS.get(name);
    return decode === undefined ? gt + 1 : this.rawText(gt + 1, name, decode);
  }

  /** The contents of a raw-text element up to `</name` and a tag-name end. */
  private rawText(start: number, name: string, decode: boolean): number {
    const { s, n } = this;
    const closeEnd = (at: number) => at + 2 + name.length;
    let close = s.indexOf('</', start);
    while (close !== -1 && !(this.lowerAt(close + 2, name) && closeEnd(close) < n && endsTagName(s.charCodeAt(closeEnd(close))))) {
      close = s.indexOf('</', close + 2);
    }
    if (decode) this.rcdataName = name;
    const end = close === -1 ? n : close;
    this.text(start, end, decode);
    this.rcdataName = null;
    return close === -1 ? n : this.closeTag(close);
  }

  private closeTag(lt: number): number {
    const nameEnd = this.tagName(lt + 2);
    const gt = nameEnd < this.n ? this.s.indexOf('>', nameEnd) : -1;
    if (gt === -1) return this.unterminated(lt);
    const name = this.s.slice(lt + 2, nameEnd).toLowerCase();
    this.tag(lt, gt + 1, name);
    if (this.codeDepth > 0 && CODE_ELEMENTS.has(name)) this.codeDepth--;
    return gt + 1;
  }

  /** A whole tag: an inline element's is dropped (from the end of the text before it), any other separates. */
  private tag(lt: number, end: number, name: string): void {
    if (INLINE_ELEMENTS.has(name)) this.mask.mark(this.cursor, end, UnitKind.markup);
    else this.mask.mark(lt, end, UnitKind.markupBreak);
    this.cursor = end;
  }

  /** A tag the input ends in: markup to the end. */
  private unterminated(lt: number): number {
    this.mask.mark(lt, this.n, UnitKind.markupBreak);
    return this.n;
  }

  /** `<!…`: a comment, CDATA, a doctype or a bogus comment. */
  private declaration(lt: number): number {
    const s = this.s;
    const c = s.charCodeAt(lt + 2);
    if (c === DASH && s.charCodeAt(lt + 3) === DASH) return this.comment(lt, lt + 4);
    if (c === DASH && s.charCodeAt(lt + 3) === GT) return this.commentEnding(lt, lt + 2, lt + 3, lt + 4);
    if (s.startsWith('[CDATA[', lt + 2)) {
      const close = this.after(']]>', lt + 9, 2);
      // Unclosed CDATA is a bogus comment to the end.
      if (close === -1) return this.commentEnding(lt, lt + 2, this.n, this.n);
      this.mask.mark(lt, close, UnitKind.markupBreak);
      this.cursor = close;
      return close;
    }
    if (this.lowerAt(lt + 2, 'doctype')) {
      const gt = s.indexOf('>', lt + 9);
      const end = gt === -1 ? this.n : gt + 1;
      this.mask.mark(lt, end, UnitKind.markupBreak);
      if (gt !== -1) this.cursor = end;
      return end;
    }
    return this.bogusComment(lt, lt + 2);
  }

  private lowerAt(at: number, word: string): boolean {
    if (at + word.length > this.n) return false;
    for (let i = 0; i < word.length; i++) if ((this.s.charCodeAt(at + i) | 32) !== word.charCodeAt(i)) return false;
    return true;
  }

  /**
   * The end of `terminator` searched from `from`, where the terminator is a
   * `>` after `repeats` equal characters (`-->`, `]]>`); -1 when there is none.
   */
  private after(terminator: string, from: number, repeats: number): number {
    const at = this.s.indexOf(terminator, from);
    return at === -1 ? -1 : at + repeats + 1;
  }

  /** A comment whose body starts at `body` (after `<!--`): ends at `-->` or `--!>`; `<!-->` and `<!--->` are empty. */
  private comment(lt: number, body: number): number {
    const { s, n } = this;
    if (s.charCodeAt(body) === GT) return this.commentEnding(lt, body, body, body + 1);
    if (s.charCodeAt(body) === DASH && s.charCodeAt(body + 1) === GT) return this.commentEnding(lt, body, body, body + 2);
    for (let q = s.indexOf('--', body); q !== -1; q = s.indexOf('--', q + 1)) {
      const c = s.charCodeAt(q + 2);
      if (c === GT) return this.commentEnding(lt, body, q, q + 3);
      if (c === 33 && s.charCodeAt(q + 3) === GT) return this.commentEnding(lt, body, q, q + 4);
    }
    // Unterminated: the body ends before a trailing `--!`, `--` or `-`.
    let bodyEnd = n;
    if (n - 3 >= body && s.endsWith('--!')) bodyEnd = n - 3;
    else if (n - 2 >= body && s.endsWith('--')) bodyEnd = n - 2;
    else if (n - 1 >= body && s.endsWith('-')) bodyEnd = n - 1;
    return this.commentEnding(lt, body, bodyEnd, n);
  }

  /** `<?…>`, `<!…>` and `</ …>`: a comment up to the first `>`, its body from `body`. */
  private bogusComment(lt: number, body: number): number {
    const gt = this.s.indexOf('>', body);
    return gt === -1 ? this.commentEnding(lt, body, this.n, this.n) : this.commentEnding(lt, body, gt, gt + 1);
  }

  /** Records a comment (ignore directives live there) and marks it; returns `end`. */
  private commentEnding(lt: number, body: number, bodyEnd: number, end: number): number {
    this.mask.comments.push({ start: this.cursor, end, body: this.s.slice(body, Math.max(body, bodyEnd)) });
    this.mask.mark(lt, end, UnitKind.markupBreak);
    this.cursor = end;
    return end;
  }
}
