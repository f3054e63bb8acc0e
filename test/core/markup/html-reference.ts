// The HTML reader's reference for differential testing: the same rules on
// htmlparser2's tokenizer (htmlparser2-reader.ts beside this file, the reader
// the shipped one replaced), and random documents from the constructs where
// tags, comments, raw text and references begin and end. Used by
// html-differential.test.ts and `npx tsx lab/markup/fuzz.ts html`.
import { readHtmlWithHtmlparser2 } from './htmlparser2-reader';
import { readHtml } from '../../../src/core/markup/html';

const PIECES = [
  '<p>',
  '</p>',
  '<P class=x>',
  '<em>',
  '</em>',
  '</EM >',
  '<a href="x>y">',
  "<a b='c>'>",
  '<a b=c>',
  '<a b = "c">',
  '<a/>',
  '<a b/="x>">',
  '<a =x>',
  '<a b"c>',
  '<br/>',
  '</br x="y>">',
  '<pre>',
  '</pre>',
  '<code>',
  '</code>',
  '<kbd>',
  '</kbd>',
  '<script>',
  '</script>',
  '</script x>',
  '</scripts>',
  '<SCRIPT>',
  '</SCRIPT>',
  '<script/>',
  '<style>',
  '</style>',
  '<title>',
  '</title>',
  '</tit',
  '<textarea x>',
  '</textarea>',
  '<xmp>',
  '</xmp>',
  '<iframe>',
  '</iframe>',
  '<noembed>',
  '</noframes>',
  '<plaintext>',
  '<template>',
  '</template>',
  '<!--',
  '-->',
  '--!>',
  '<!-->',
  '<!--->',
  '-',
  '--',
  '!',
  ']]',
  '<!DOCTYPE html>',
  '<!doctype',
  '<!doc>',
  '<![CDATA[',
  ']]>',
  '<![CDAT',
  '<?',
  '?>',
  '<!',
  '<!-x>',
  '</>',
  '</ ',
  '</1',
  '<',
  '>',
  '<<',
  '&',
  '&amp;',
  '&amp',
  '&AMP;',
  '&rsquo;',
  '&ngE;',
  '&#',
  '&#x27;',
  '&#39',
  '&#x110000;',
  '&bogus;',
  '&notit;',
  ';',
  'x',
  ' ',
  'word ',
  '\n',
  '\t',
  '"',
  "'",
  '=',
  '/',
  'A',
  '😀',
];

/** One document of 1 to 24 pieces. */
export function randomHtml(rand: () => number): string {
  let text = '';
  const count = 1 + Math.floor(rand() * 24);
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(rand() * PIECES.length)];
  return text;
}

/** Where the two readers differ first, or null. */
export function difference(text: string): string | null {
  const ours = readHtml(text);
  const theirs = readHtmlWithHtmlparser2(text);
  for (let i = 0; i < text.length; i++) {
    if (ours.kinds[i] !== theirs.kinds[i]) return `unit ${i}: kind ${ours.kinds[i]}, htmlparser2 ${theirs.kinds[i]}`;
  }
  const references = (mask: typeof ours) => JSON.stringify([...mask.replacements].sort((a, b) => a.start - b.start));
  if (references(ours) !== references(theirs)) return `references: ${references(ours)}, htmlparser2 ${references(theirs)}`;
  // htmlparser2's reader ends a comment the input ends in one unit past the end.
  const comments = (mask: typeof ours) => JSON.stringify(mask.comments.map((c) => ({ ...c, end: Math.min(c.end, text.length) })));
  if (comments(ours) !== comments(theirs)) return `comments: ${comments(ours)}, htmlparser2 ${comments(theirs)}`;
  return null;
}
