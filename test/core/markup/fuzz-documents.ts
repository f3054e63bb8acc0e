// Random Markdown built from the constructs where code, raw HTML and link
// destinations begin and end: fences of different lengths and characters,
// backtick runs, indentation, list markers, block quotes, links, link
// definitions, autolinks, HTML and escapes. Deterministic for a seed, so a
// failing document can be reproduced from its number.

/** The project's seeded generator: the same seed gives the same documents. */
export { seededRandom as randomSource } from '../../support/seeded-random';

const LINE_STARTS = ['', '', '', ' ', '  ', '   ', '    ', '\t', '> ', '>', '- ', '* ', '+ ', '1. ', '2) ', '  - ', '> - ', '- > ', '10. '];
const PIECES = [
  'word',
  'it is worth noting',
  ' ',
  ' ',
  '  ',
  '`',
  '``',
  '```',
  '````',
  '~~~',
  '~~~~',
  '*',
  '_',
  '**',
  '\\',
  '\\`',
  '[',
  ']',
  '![',
  '](',
  '(',
  ')',
  '/url',
  '<',
  '>',
  '"title"',
  "'t'",
  '[foo]',
  '[foo]: /url',
  '[foo]:',
  ' "t"',
  '<http://a.b/c>',
  '<a@b.c>',
  '<span>',
  '</span>',
  '<div>',
  '</div>',
  '<!--',
  '-->',
  '<!-- x -->',
  '<?p ?>',
  '<!X >',
  '<![CDATA[',
  ']]>',
  '&amp;',
  '&rsquo;',
  '&#35;',
  '&bogus;',
  'www.x.org',
  'http://x.org/a_b',
  '#',
  '## ',
  '---',
  '===',
  '<pre>',
  '</pre>',
  '<script>',
  '</script>',
  '|',
  ':',
  'a="b"',
  '\n',
  '\n',
  '\n\n',
];

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

/** One document of about `lines` lines. */
export function randomDocument(rand: () => number, lines = 8): string {
  const out: string[] = [];
  const count = 1 + Math.floor(rand() * lines);
  for (let i = 0; i < count; i++) {
    let line = pick(rand, LINE_STARTS);
    if (rand() < 0.15) line += pick(rand, ['```', '~~~', '````', '```js', '~~~ x', '``` `']);
    const pieces = Math.floor(rand() * 7);
    for (let p = 0; p < pieces; p++) line += pick(rand, PIECES);
    out.push(line);
  }
  return `${out.join('\n')}${rand() < 0.7 ? '\n' : ''}`;
}
