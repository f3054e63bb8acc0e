// Differential test of the HTML reader against the same rules on htmlparser2's
// tokenizer (scripts/markup/htmlparser2-reader.ts, the reader it replaced):
// random documents from the constructs where tags, comments, raw text and
// references begin and end, and the Debian Reference when it is installed.
// Both must mark every unit alike, decode the same references and find the
// same comments (where ignore directives live).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../scripts/lib/seeded-random';
import { readHtmlWithHtmlparser2 } from '../../../scripts/markup/htmlparser2-reader';
import { readHtml } from '../../../src/core/markup/html';

const DOCUMENTS = 20_000;
const DEBIAN_REFERENCE = '/usr/share/debian-reference';

const PIECES = [
  '<p>', '</p>', '<P class=x>', '<em>', '</em>', '</EM >', '<a href="x>y">', "<a b='c>'>", '<a b=c>', '<a b = "c">',
  '<a/>', '<a b/="x>">', '<a =x>', '<a b"c>', '<br/>', '</br x="y>">', '<pre>', '</pre>', '<code>', '</code>',
  '<kbd>', '</kbd>', '<script>', '</script>', '</script x>', '</scripts>', '<SCRIPT>', '</SCRIPT>', '<script/>',
  '<style>', '</style>', '<title>', '</title>', '</tit', '<textarea x>', '</textarea>', '<xmp>', '</xmp>',
  '<iframe>', '</iframe>', '<noembed>', '</noframes>', '<plaintext>', '<template>', '</template>', '<!--', '-->',
  '--!>', '<!-->', '<!--->', '-', '--', '!', ']]', '<!DOCTYPE html>', '<!doctype', '<!doc>', '<![CDATA[', ']]>',
  '<![CDAT', '<?', '?>', '<!', '<!-x>', '</>', '</ ', '</1', '<', '>', '<<', '&', '&amp;', '&amp', '&AMP;',
  '&rsquo;', '&ngE;', '&#', '&#x27;', '&#39', '&#x110000;', '&bogus;', '&notit;', ';', 'x', ' ', 'word ', '\n',
  '\t', '"', "'", '=', '/', 'A', '😀',
];

function randomHtml(rand: () => number): string {
  let text = '';
  const count = 1 + Math.floor(rand() * 24);
  for (let i = 0; i < count; i++) text += PIECES[Math.floor(rand() * PIECES.length)];
  return text;
}

/** Where the two readers differ first, or null. */
function difference(text: string): string | null {
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

describe('the HTML reader against htmlparser2 12', () => {
  it(`agrees on ${DOCUMENTS} random documents`, () => {
    const rand = seededRandom(20261130);
    const differing: { text: string; difference: string }[] = [];
    for (let i = 0; i < DOCUMENTS && differing.length < 5; i++) {
      const text = randomHtml(rand);
      const found = difference(text);
      if (found !== null) differing.push({ text, difference: found });
    }
    expect(differing).toEqual([]);
  }, 60_000);

  it.skipIf(!existsSync(DEBIAN_REFERENCE))('agrees on every page of the Debian Reference', () => {
    const differing: string[] = [];
    for (const name of readdirSync(DEBIAN_REFERENCE).filter((file) => file.endsWith('.html'))) {
      const found = difference(readFileSync(join(DEBIAN_REFERENCE, name), 'utf8'));
      if (found !== null) differing.push(`${name}: ${found}`);
    }
    expect(differing).toEqual([]);
  }, 60_000);

  it('reads the examples htmlparser2 12 reads differently from the HTML reader it replaced', () => {
    // A closing tag with attributes ends at its `>`; a reference after `</>` starts at its `&`.
    const text = '</em x>a&amp;b</>&rsquo;<code x="y">it</code z>';
    expect(difference(text)).toBeNull();
    const { replacements } = readHtml(text);
    expect(replacements.map((r) => [r.start, r.end, r.text])).toEqual([[8, 13, '&'], [17, 24, '’']]);
  });
});
