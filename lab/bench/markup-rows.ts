// Rows: Markdown and HTML mode against text mode on 250,000 units of real
// documents (the README.md files under node_modules/, the German Debian
// Reference in HTML), adversarial markup against those documents, and the HTML
// reader (our own tokenizer) against the same reader built on htmlparser2. Each mode runs the
// whole path of find_writing_signals after validation: read the markup, build
// the projection, scan, map back, apply directives.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCANNABLE_RULE_IDS, type Language } from '../../src/core/catalogue/ids';
import { scanMarkup, type MarkupFormat } from '../../src/core/markup/index';
import { readHtml } from '../../src/core/markup/html';
import { readMarkdown } from '../../src/core/markup/markdown';
import type { UnitMask } from '../../src/core/markup/mask';
import { project } from '../../src/core/markup/prose-extraction';
import { createSignalScanner } from '../../src/core/scanner/scan';
import { readHtmlWithHtmlparser2 } from '../../test/core/markup/htmlparser2-reader';
import { compare } from './measure';
import { nestedLists } from '../../test/support/nested-lists';
import { ms, ratio, type BenchContext, type Row } from './row';

const UNITS = 250_000;
const DEBIAN_REFERENCE = '/usr/share/debian-reference';

/** The README.md files under node_modules/, in path order, joined and cut to `units`. */
export function readmeCorpus(root: string, units = UNITS): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'README.md') found.push(path);
    }
  };
  walk(join(root, 'node_modules'));
  return found
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n\n')
    .slice(0, units);
}

/** The German Debian Reference's HTML files, joined and cut to `units`; null when the package is missing. */
export function debianCorpus(units = UNITS): string | null {
  if (!existsSync(DEBIAN_REFERENCE)) return null;
  const files = readdirSync(DEBIAN_REFERENCE)
    .filter((name) => name.endsWith('.html'))
    .sort();
  return files
    .map((name) => readFileSync(join(DEBIAN_REFERENCE, name), 'utf8'))
    .join('\n')
    .slice(0, units);
}

const fill = (block: string, units = UNITS) => block.repeat(Math.ceil(units / block.length)).slice(0, units);

/** Markup built to make the readers work hardest, each `units` long. */
export function adversarialMarkdown(units = UNITS): Record<string, string> {
  return {
    'unclosed fences': fill('```a\nword ``` word\n~~~~\n````b\n', units),
    'unterminated comments and tags': fill('<!-- a <a href="x <b c=\'y <? <![CDATA[ <!X ', units),
    '100,000 backticks': `${'`'.repeat(100_000)}${fill('a ` b `` c ', units - 100_000)}`,
    '10,000 nested lists': fill(`${'- '.repeat(10_000)}x\n\n\n`, units),
    'lists nested 400 deep': nestedLists(400, units),
    '50,000 [': `${'['.repeat(50_000)}${fill('a](b ](( ][c] ', units - 50_000)}`,
    'delimiter runs and references': fill('*_a_* **b** _c_ &amp; &bogus; \\* ~~d~~ ', units),
    'link destinations': fill('[a](((((((( [b](<c [d]: e "f ', units),
  };
}

export function adversarialHtml(units = UNITS): Record<string, string> {
  return {
    'unterminated comments and tags': fill('<!-- a <a href="x <b c=\'y <? <![CDATA[ ', units),
    'nested code elements': fill('<pre><code><kbd><samp>x</samp> ', units),
    references: fill('&amp;&rsquo;&nbsp;&#x27;&ngE;&bogus;&am ', units),
    'lone <': fill('a < b <c <1 </ > ', units),
    'references in a title': `<title>${fill('&amp; a <&amp; </t&amp; ', units - 7)}`,
  };
}

function median<K extends string>(fns: Record<K, () => unknown>): Record<K, number> {
  const timings = compare(fns, { warmup: 10, runs: 40 });
  return Object.fromEntries(Object.entries(timings).map(([k, t]) => [k, (t as { medianMs: number }).medianMs])) as Record<K, number>;
}

export function markupRows(context: BenchContext, root: string): Row[] {
  const scanner = createSignalScanner(context.records);
  const scanText = (text: string, language: Language) => () => scanner({ text, language, ruleIds: SCANNABLE_RULE_IDS });
  const scanFormat = (text: string, language: Language, format: MarkupFormat) => () =>
    scanMarkup(text, format, Number.POSITIVE_INFINITY, (projected, limit) =>
      scanner({ text: projected, language, ruleIds: SCANNABLE_RULE_IDS, ...(limit === undefined ? {} : { limit }) }),
    );
  // A mode against text mode, with the parts of the mode timed in the same rounds: where the time goes.
  const versusText = (text: string, language: Language, format: MarkupFormat, read: (text: string) => UnitMask) => {
    const projected = project(read(text)).text;
    const mask = read(text);
    const t = median({
      text: scanText(text, language),
      mode: scanFormat(text, language, format),
      reader: () => read(text),
      projection: () => project(mask),
      scanOfProjection: scanText(projected, language),
    });
    console.log(
      `${format} corpus: ${text.length} units; text ${ms(t.text)}, ${format} ${ms(t.mode)} ` +
        `(reader ${ms(t.reader)}, projection ${ms(t.projection)}, scan of the projection ${ms(t.scanOfProjection)})`,
    );
    return t;
  };
  const rows: Row[] = [];

  const readme = readmeCorpus(root);
  const { text: mdText, mode: mdMode } = versusText(readme, 'en', 'markdown', readMarkdown);
  const md = { text: mdText, markdown: mdMode };
  rows.push({
    measure: 'Markdown mode ÷ text mode (node_modules READMEs)',
    en: ratio(md.markdown / md.text),
    de: '(English corpus)',
    target: '≤ 1.5×',
    met: md.markdown / md.text <= 1.5,
  });

  const debian = debianCorpus();
  let html: Record<'text' | 'html', number> | null = null;
  if (debian !== null) {
    const t = versusText(debian, 'de', 'html', readHtml);
    html = { text: t.text, html: t.mode };
  }
  rows.push({
    measure: 'HTML mode ÷ text mode (Debian Reference)',
    en: '(German corpus)',
    de: html === null ? 'skipped: debian-reference-de not installed' : ratio(html.html / html.text),
    target: '≤ 1.3×',
    met: html === null ? null : html.html / html.text <= 1.3,
  });

  // Adversarial markup against the real documents in the same mode: the worst family counts.
  const worst = (format: MarkupFormat, normal: string, families: Record<string, string>, language: Language) => {
    const fns: Record<string, () => unknown> = { normal: scanFormat(normal, language, format) };
    for (const [name, text] of Object.entries(families)) fns[name] = scanFormat(text, language, format);
    const t = median(fns);
    const ratios = Object.keys(families).map((name) => [name, (t[name] as number) / (t.normal as number)] as const);
    console.log(`adversarial ${format} ÷ normal: ${ratios.map(([name, r]) => `${name} ${ratio(r)}`).join(', ')}`);
    return ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
  };
  const [mdName, mdWorst] = worst('markdown', readme, adversarialMarkdown(), 'en');
  rows.push({
    measure: `adversarial Markdown ÷ READMEs, worst: ${mdName}`,
    en: ratio(mdWorst),
    de: '',
    target: '≤ 3×',
    met: mdWorst <= 3,
  });
  if (debian !== null) {
    const [htmlName, htmlWorst] = worst('html', debian, adversarialHtml(), 'de');
    rows.push({
      measure: `adversarial HTML ÷ Debian Reference, worst: ${htmlName}`,
      en: '',
      de: ratio(htmlWorst),
      target: '≤ 3×',
      met: htmlWorst <= 3,
    });

    // The HTML reader: our tokenizer against the reader built on htmlparser2's, and how far their masks agree.
    const readers = median({ htmlparser2: () => readHtmlWithHtmlparser2(debian), ours: () => readHtml(debian) });
    const a = readHtmlWithHtmlparser2(debian).kinds;
    const b = readHtml(debian).kinds;
    let differing = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
    console.log(
      `html readers on the Debian Reference: htmlparser2 ${ms(readers.htmlparser2)}, ours ${ms(readers.ours)}; ` +
        `${differing} of ${a.length} units marked differently`,
    );
    rows.push({
      measure: 'HTML reader: built on htmlparser2 ÷ our tokenizer',
      en: '',
      de: `${ratio(readers.htmlparser2 / readers.ours)} (${ms(readers.htmlparser2)} vs ${ms(readers.ours)}; ${differing} units differ)`,
      target: '',
      met: null,
    });
  }
  return rows;
}
