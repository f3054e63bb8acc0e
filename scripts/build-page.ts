// `npm run build`, second step: bundles the review page's script (esbuild,
// with the descriptors for WebMCP and the scannable rules of the catalogue),
// inlines it and the CSS into src/page/page.html with the VOIX tool markup of
// the descriptors, fills in the interface messages once per language, and
// writes src/worker/page/page.generated.ts: each language's page around its
// host-context slot, and the Content-Security-Policy with the hashes of the
// inline script and style. Run after the catalogue build.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import { catalogue } from '../src/core/catalogue/catalogue.generated';
import { LANGUAGES, RULE_IDS, plainLineProblem, writingReviewTools } from '../src/core/index';
import { fillMessages } from '../src/page/fill-messages';
import { UI_LANGUAGES } from '../src/page/ui-language';
import { voixToolsMarkup } from '../src/page/voix-tools';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = 'src/worker/page/page.generated.ts';
const CONTEXT_SLOT = '<!--host-context-->';

function fill(template: string, slot: string, value: string): string {
  const parts = template.split(slot);
  if (parts.length !== 2) throw new Error(`src/page/page.html must hold ${slot} exactly once`);
  return parts.join(value);
}

function inlineSafe(code: string, tag: 'script' | 'style'): string {
  if (code.toLowerCase().includes(`</${tag}`)) throw new Error(`the inline ${tag} must not contain </${tag}`);
  return code;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** What the page registers with WebMCP and declares to VOIX: the descriptors' own name, title, description and input schema. */
const pageTools = writingReviewTools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema }));
for (const tool of pageTools) {
  const problem = plainLineProblem(`${tool.name} title`, tool.title);
  if (problem !== undefined) throw new Error(problem);
}
/** The rules with scanner records, per text language, in catalogue order: what "All scannable rules" selects. */
const scannableRules = Object.fromEntries(
  LANGUAGES.map((language) => {
    const scanned = new Set(catalogue.signalRecords.filter((record) => record.language === language).map((record) => record.ruleId));
    return [language, RULE_IDS.filter((id) => scanned.has(id))];
  }),
);

const started = performance.now();
const bundled = await build({
  entryPoints: [`${root}src/page/client/main.ts`],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2022',
  write: false,
  legalComments: 'none',
  charset: 'utf8',
  define: { __WEBMCP_TOOLS__: JSON.stringify(pageTools), __SCANNABLE_RULES__: JSON.stringify(scannableRules) },
});
const script = inlineSafe((bundled.outputFiles[0]?.text ?? '').trim(), 'script');
const css = readFileSync(`${root}src/page/page.css`, 'utf8');
const style = inlineSafe((await transform(css, { loader: 'css', minify: true })).code.trim(), 'style');

// Indentation goes; each line break stays, so the whitespace between inline elements renders as before.
let template = readFileSync(`${root}src/page/page.html`, 'utf8').replace(/\n[ \t]+/g, '\n');
template = fill(template, '<!--page-style-->', style);
template = fill(template, '<!--page-script-->', script);
template = fill(template, '<!--voix-tools-->', voixToolsMarkup(pageTools));

if (template.split(CONTEXT_SLOT).length !== 2) throw new Error(`src/page/page.html must hold ${CONTEXT_SLOT} exactly once`);

// Each language's texts are marked while filling in, then cut out: the Worker
// bundle holds what both languages share once, and each language's texts.
const START = '\u0001';
const END = '\u0002';
if (template.includes(START) || template.includes(END)) throw new Error('the page must not contain U+0001 or U+0002');
const marked = (language: (typeof UI_LANGUAGES)[number]) => fillMessages(fill(template, '<!--ui-language-->', `${START}${language}${END}`), language, (text) => `${START}${text}${END}`);
const cut = (html: string) => html.split(new RegExp(`${START}([^${END}]*)${END}`));
const shared = cut(marked('en')).filter((_, index) => index % 2 === 0);
const texts = Object.fromEntries(
  UI_LANGUAGES.map((language) => {
    const parts = cut(marked(language));
    if (JSON.stringify(parts.filter((_, index) => index % 2 === 0)) !== JSON.stringify(shared)) throw new Error(`the ${language} page differs outside its texts`);
    return [language, parts.filter((_, index) => index % 2 === 1)];
  }),
);
/** The whole page in one language, as the Worker assembles it, without the host context. */
const pageIn = (language: (typeof UI_LANGUAGES)[number]) => shared.map((part, index) => (index === 0 ? part : `${texts[language]![index - 1]}${part}`)).join('').replace(CONTEXT_SLOT, '');

const csp = [
  "default-src 'none'",
  `script-src ${sha256(script)}`,
  `style-src ${sha256(style)}`,
  "connect-src 'self'",
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const moduleText = `// Generated by scripts/build-page.ts from src/page/. Do not edit: change the
// page sources and run \`npm run build\` to regenerate this file.

/** The review page between its texts; ${JSON.stringify(CONTEXT_SLOT)} in it marks where the escaped host context goes. */
export const pageShared: readonly string[] = ${JSON.stringify(shared, null, 2)};

/** The texts of each interface language, in page order: text i goes between pageShared[i] and pageShared[i + 1]. */
export const pageTexts = ${JSON.stringify(texts, null, 2)} as const;

/** Where the host context goes. */
export const contextSlot = ${JSON.stringify(CONTEXT_SLOT)};

/** Content-Security-Policy of the page: only its own inline script and style, by hash. */
export const pageCsp = ${JSON.stringify(csp)};
`;

const target = `${root}${OUTPUT}`;
let current: string | undefined;
try {
  current = readFileSync(target, 'utf8');
} catch {
  current = undefined;
}
if (current !== moduleText) writeFileSync(target, moduleText);
const sizes = UI_LANGUAGES.map((language) => {
  const page = pageIn(language);
  return `${language} ${Buffer.byteLength(page)} bytes (${gzipSync(page, { level: 9 }).length} gzip)`;
});
console.log(
  `page: ${sizes.join(', ')}, script ${Buffer.byteLength(script)} bytes, style ${Buffer.byteLength(style)} bytes; ` +
    `${current === moduleText ? 'unchanged' : 'wrote'} ${OUTPUT} (${Math.round(performance.now() - started)} ms)`,
);
