// `npm run bench`: one run, one table. The scanner against the floor, the
// straightforward design, write-good and alex on 250,000 units of real prose;
// adversarial against normal text; a dispatch end to end in-process; the
// Worker bundle with and without MCP; the cold start of one isolate against a
// minimal Hono + zod Worker; the first call in a new Node.js process against
// main's library (`--baseline=<ref>` for another commit); Markdown and HTML mode against text mode; the
// `writing-rules` command against alex's on every README.md under
// node_modules/; HTTP on `wrangler dev` (skip it with
// `npm run bench -- --no-http`; run some groups only with
// `npm run bench -- --only=scanner,markup`). Each row is a module under lab/bench/.
// docs/measurements.md holds the last measured table, section by section.
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { adversarialRows } from './adversarial-rows';
import { bundleRows } from './bundle-rows';
import { coldStartRows } from './cold-start-rows';
import { cliRows } from './cli-rows';
import { loadShippedRecords } from '../../test/support/catalogue-records';
import { competitorRows } from './competitor-rows';
import { dispatchRows } from './dispatch-rows';
import { firstCallRows } from './first-call-rows';
import { httpRows } from './http-rows';
import { markupRows } from './markup-rows';
import { loadProse } from '../../test/support/prose';
import type { BenchContext, Row } from './row';
import { scannerRows } from './scanner-rows';
import { isFastPathRecord } from '../../src/core/scanner/scan';

const UNITS = 250_000;
const root = fileURLToPath(new URL('../../', import.meta.url));

function table(rows: readonly Row[]): string {
  const lines = [
    '| measure | en | de | target | met |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.measure} | ${r.en} | ${r.de} | ${r.target} | ${r.met === null ? '' : r.met ? 'yes' : 'NO'} |`),
  ];
  return lines.join('\n');
}

// Flags take `=` (`--only=scanner`, `--baseline=<ref>`); a flag this script
// does not know, or one written with a space, would otherwise be ignored and
// measure something other than what was asked.
const FLAGS = /^(--only=.+|--baseline=.+|--no-http)$/;

async function main(): Promise<void> {
  const stray = process.argv.slice(2).filter((arg) => !FLAGS.test(arg));
  if (stray.length > 0) {
    console.error(`unknown or incomplete argument ${stray.join(' ')}; flags: --only=<group,…>, --baseline=<ref>, --no-http`);
    process.exit(2);
  }
  const cpu = cpus();
  console.log(`# writing-rules benchmark, ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB; ` +
      `Node ${process.version}, V8 ${process.versions.v8}`,
  );
  const { records, origin } = await loadShippedRecords();
  const fast = records.filter(isFastPathRecord).length;
  console.log(`records: ${records.length} from ${origin}; ${fast} of ${records.length} on the fast path`);

  console.error('building prose corpora...');
  const prose: Record<'en' | 'de', { text: string } | { skipped: string }> = { en: { skipped: '' }, de: { skipped: '' } };
  for (const language of ['en', 'de'] as const) {
    const loaded = await loadProse(language, UNITS);
    prose[language] = loaded.ok ? { text: loaded.text } : { skipped: loaded.reason };
    console.log(
      loaded.ok ? `${language} prose: ${loaded.text.length} UTF-16 units; ${loaded.origin}` : `${language} rows skipped: ${loaded.reason}`,
    );
  }
  const context: BenchContext = { records, prose };

  // `npm run bench -- --only=scanner,markup` runs just the named groups.
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const wanted = (group: string) => only === undefined || only.includes(group);
  const groups: Record<string, () => Row[] | Promise<Row[]>> = {
    scanner: () => scannerRows(context),
    competitors: () => competitorRows(context),
    adversarial: () => adversarialRows(context),
    markup: () => markupRows(context, root),
    dispatch: () => dispatchRows(context),
    bundle: () => bundleRows(root),
    'cold-start': () => coldStartRows(root),
    'first-call': () => firstCallRows(root),
    cli: () => cliRows(root),
    http: () => httpRows(root),
  };
  const unknown = only?.filter((group) => !(group in groups)) ?? [];
  if (unknown.length > 0) throw new Error(`--only: unknown group ${unknown.join(', ')}; groups: ${Object.keys(groups).join(', ')}`);
  const rows: Row[] = [];
  for (const [group, measure] of Object.entries(groups)) {
    if (!wanted(group)) continue;
    if (group === 'http' && process.argv.includes('--no-http')) {
      console.log('HTTP rows skipped (--no-http)');
      continue;
    }
    console.error(`measuring ${group}...`);
    rows.push(...(await measure()));
  }
  console.log('');
  console.log(table(rows));
}

await main();
