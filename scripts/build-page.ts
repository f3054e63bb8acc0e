// `npm run build`, second step: bundles the review page's script (esbuild,
// with the scannable rules of the catalogue and the text limit; WebMCP reads
// the descriptors from GET /v1/tools),
// inlines it and the CSS into src/page/page.html with the VOIX tool markup of
// the descriptors, fills in the interface messages once per language, and
// writes each language's page, with its host-context slot, to
// src/worker/page/assets/ (served through the Worker as a static asset, so the
// page is not part of the Worker's script) and src/worker/page/page.generated.ts:
// the slot and the Content-Security-Policy with the hashes of the inline script
// and style. Run after the catalogue build.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform } from 'esbuild';
import { catalogue } from '../src/core/catalogue/catalogue.generated';
import { LANGUAGES, MAX_TEXT_UNITS, RULE_IDS, plainLineProblem, writingReviewTools } from '../src/core/index';
import { fillMessages } from '../src/page/fill-messages';
import { PAGE_GZIP_BUDGET_BYTES } from '../src/page/page-budget';
import { UI_LANGUAGES } from '../src/page/ui-language';
import { voixToolsMarkup } from '../src/page/voix-tools';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = 'src/worker/page/page.generated.ts';
/** The [assets] directory of wrangler.toml: `<language>.html` per interface language. */
const ASSETS = 'src/worker/page/assets';
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

/** What the page declares to VOIX: the descriptors' own name, title, description and input schema. */
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
  define: { __SCANNABLE_RULES__: JSON.stringify(scannableRules), __MAX_TEXT_UNITS__: String(MAX_TEXT_UNITS) },
});
const bundle = (bundled.outputFiles[0]?.text ?? '').trim();
const script = inlineSafe(bundle, 'script');
const css = readFileSync(`${root}src/page/page.css`, 'utf8');
const style = inlineSafe((await transform(css, { loader: 'css', minify: true })).code.trim(), 'style');

// Indentation goes; each line break stays, so the whitespace between inline elements renders as before.
let template = readFileSync(`${root}src/page/page.html`, 'utf8').replace(/\n[ \t]+/g, '\n');
template = fill(template, '<!--page-style-->', style);
template = fill(template, '<!--page-script-->', script);
template = fill(template, '<!--voix-tools-->', voixToolsMarkup(pageTools));

if (template.split(CONTEXT_SLOT).length !== 2) throw new Error(`src/page/page.html must hold ${CONTEXT_SLOT} exactly once`);

type UiLanguage = (typeof UI_LANGUAGES)[number];

/** `page` with the text's language preselected as `language`, so a German page checks German text unless the person chooses otherwise. */
function preselectTextLanguage(page: string, language: UiLanguage): string {
  const option = `<option value="${language}" data-t="language.${language}">`;
  if (page.split(option).length !== 2) throw new Error(`src/page/page.html must hold ${option} exactly once`);
  return page.replace(option, `<option value="${language}" selected data-t="language.${language}">`);
}

/** The whole page in one language, with its host-context slot and the text's language preselected. */
const pageIn = (language: UiLanguage) =>
  fillMessages(preselectTextLanguage(fill(template, '<!--ui-language-->', language), language), language);

const csp = [
  "default-src 'none'",
  `script-src ${sha256(script)}`,
  `style-src ${sha256(style)}`,
  "connect-src 'self'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const moduleText = `// Generated by scripts/build-page.ts from src/page/. Do not edit: change the
// page sources and run \`npm run build\` to regenerate this file. The pages
// themselves are static assets: src/worker/page/assets/<language>.html.

/** Where the host context goes in each page. */
export const contextSlot = ${JSON.stringify(CONTEXT_SLOT)};

/** Content-Security-Policy of the page: only its own inline script and style, by hash. */
export const pageCsp = ${JSON.stringify(csp)};
`;

/** Writes `text` to the file under the root unless it holds exactly that; whether it wrote. */
function writeIfChanged(file: string, text: string): boolean {
  let current: string | undefined;
  try {
    current = readFileSync(`${root}${file}`, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) return false;
  writeFileSync(`${root}${file}`, text);
  return true;
}

mkdirSync(`${root}${ASSETS}`, { recursive: true });
let wrote = writeIfChanged(OUTPUT, moduleText);
const sizes = UI_LANGUAGES.map((language) => {
  const page = pageIn(language);
  const gzipped = gzipSync(page, { level: 9 }).length;
  if (gzipped > PAGE_GZIP_BUDGET_BYTES) {
    throw new Error(
      `the ${language} page is ${gzipped} bytes gzipped, over its budget of ${PAGE_GZIP_BUDGET_BYTES} (src/page/page-budget.ts)`,
    );
  }
  wrote = writeIfChanged(`${ASSETS}/${language}.html`, page) || wrote;
  return `${language} ${Buffer.byteLength(page)} bytes (${gzipped} of ${PAGE_GZIP_BUDGET_BYTES} gzip)`;
});
console.log(
  `page: ${sizes.join(', ')}, script ${Buffer.byteLength(script)} bytes, style ${Buffer.byteLength(style)} bytes; ` +
    `${wrote ? 'wrote' : 'unchanged'} ${OUTPUT} and ${ASSETS}/ (${Math.round(performance.now() - started)} ms)`,
);
