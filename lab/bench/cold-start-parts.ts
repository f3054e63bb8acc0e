// `npx tsx lab/bench/cold-start-parts.ts [rounds]`: where the cold start of
// the cold-start row goes, in workerd. With the row's harness
// (cold-start-rows.ts), in alternating rounds (9 by default), it loads new
// isolates of:
// - the deploy bundle and the minimal Hono + zod Worker, each under a wrapper
//   module that answers `GET /__evaluated` itself: compile and evaluation of
//   the bundle with no request, beside the first request of each tool;
// - the deploy bundle with its catalogue's JSON cut down (no tries; no forms;
//   no served text), or written as a template literal, evaluated only;
// - a probe Worker (entries/cold-start-probe.ts) that times inside the
//   isolate what the generated catalogue's evaluation and the first calls
//   do: JSON parse, trie load, plan build, record regexes, zod schemas and
//   the first safeParse.
// Prints medians (ms) of the rounds. Figures of workerd on this machine, for
// shares; the row itself is `npm run bench -- --only=cold-start`.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { buildDeployBundle, type DeployBundle } from '../../scripts/lib/deploy-bundle';
import { type ColdStartHarness, type HarnessRequest, startColdStartHarness } from './cold-start-rows';
import { median } from './row';

const rounds = Number(process.argv[2] ?? 9);
const root = new URL('../../', import.meta.url).pathname;

// Answers `GET /__evaluated` once the bundle (worker.js) has been evaluated; passes every other request on.
const EVALUATED = `
import worker from './worker.js';
export default {
  fetch(request, env, ctx) {
    return new URL(request.url).pathname === '/__evaluated' ? new Response('') : worker.fetch(request, env, ctx);
  },
};`;

const TEXT = 'The new importer is powerful: it reads a file of 2,000 rows in under a second.';
const dispatch = (name: string, args: object): HarnessRequest => ({
  path: '/v1/dispatch',
  body: JSON.stringify({ name, arguments: args }),
});
const REQUESTS = {
  evaluated: { path: '/__evaluated' },
  'find_writing_signals en': dispatch('find_writing_signals', { text: TEXT, language: 'en' }),
  'find_writing_signals de': dispatch('find_writing_signals', {
    text: 'Der neue Importer ist leistungsstark: Er liest eine Datei mit 2.000 Zeilen in unter einer Sekunde.',
    language: 'de',
  }),
  get_writing_rules: dispatch('get_writing_rules', { language: 'en' }),
  compose_writing_review_prompt: dispatch('compose_writing_review_prompt', { language: 'en' }),
  get_model_comparison_evidence: dispatch('get_model_comparison_evidence', {
    language: 'en',
    profile: 'public-docs',
    role: 'reviewer',
    cohortId: 'public-docs-example-v1',
  }),
  'MCP tools/list': { path: '/mcp', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
} satisfies Record<string, HarnessRequest>;
type RequestName = keyof typeof REQUESTS;

// The catalogue's JSON text as the generated module hands it to JSON.parse, in the minified bundle.
const CATALOGUE_LITERAL = /JSON\.parse\((['"`])\{(?:\\?")catalogueVersion(?:\\?")/;

/** The string literal holding the catalogue's JSON in `bundle`: where it starts and ends, and its value. */
function catalogueLiteral(bundle: string): { start: number; end: number; json: string } {
  const found = CATALOGUE_LITERAL.exec(bundle);
  if (found === null) throw new Error('the bundle has no JSON.parse of the catalogue');
  const quote = found[1] as string;
  const start = found.index + 'JSON.parse('.length;
  let end = start + 1;
  while (bundle.charAt(end) !== quote) end += bundle.charAt(end) === '\\' ? 2 : 1;
  end += 1;
  return { start, end, json: runInNewContext(bundle.slice(start, end)) as string };
}

/** Every string in `value` longer than `longest` units made empty, other values kept. */
function withoutText(value: unknown, longest: number): unknown {
  if (typeof value === 'string') return value.length > longest ? '' : value;
  if (Array.isArray(value)) return value.map((item) => withoutText(item, longest));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutText(item, longest)]));
  return value;
}

/** The bundle with the catalogue's JSON text in a Text module of its own (workerd gives it as a string; no JavaScript is parsed). */
function withTextModule(bundle: string): Record<string, string | { text: string }> {
  const { start, end, json } = catalogueLiteral(bundle);
  return {
    'index.js': EVALUATED,
    'worker.js': `import catalogueText from './catalogue.txt';\n${bundle.slice(0, start)}catalogueText${bundle.slice(end)}`,
    'catalogue.txt': { text: json },
  };
}

/** The bundle variants with the catalogue cut down, each evaluated only. */
function cutVariants(bundle: string): Record<string, string> {
  const { start, end, json } = catalogueLiteral(bundle);
  const built = JSON.parse(json) as {
    candidateAutomata?: unknown;
    signalRecords: Record<string, unknown>[];
    rules: unknown;
    sources: unknown;
  };
  const withCatalogue = (catalogue: object) => bundle.slice(0, start) + JSON.stringify(JSON.stringify(catalogue)) + bundle.slice(end);
  const { candidateAutomata: _tries, ...noTries } = built;
  const noForms = { ...noTries, signalRecords: built.signalRecords.map((record) => ({ ...record, phrases: '', pairs: '' })) };
  const noText = { ...noForms, rules: withoutText(built.rules, 40), sources: withoutText(built.sources, 40) };
  // The catalogue as the minifier printed it when its JSON had apostrophes: a template literal.
  const template = `${bundle.slice(0, start)}\`${json.replace(/[\\`]|\$\{/g, (c) => `\\${c}`)}\`${bundle.slice(end)}`;
  return {
    'same catalogue, written again as one "…" literal': withCatalogue(built),
    'same catalogue as a template literal': template,
    'catalogue without tries': withCatalogue(noTries),
    'catalogue without tries and forms': withCatalogue(noForms),
    'catalogue without tries, forms and served text (strings over 40 units)': withCatalogue(noText),
  };
}

const bundles: DeployBundle[] = [];
let harness: ColdStartHarness | undefined;
try {
  const bundle = (entry?: string) => {
    const built = buildDeployBundle(root, entry);
    bundles.push(built);
    return readFileSync(built.scriptPath, 'utf8');
  };
  const ours = bundle();
  const minimal = bundle('lab/bench/entries/minimal-hono-zod.ts');
  const probe = bundle('lab/bench/entries/cold-start-probe.ts');
  const catalogueJson = catalogueLiteral(ours).json;
  const cuts = cutVariants(ours);
  const workers: Record<string, string | Record<string, string | { text: string }>> = {
    'text module': withTextModule(ours),
    ours: { 'index.js': EVALUATED, 'worker.js': ours },
    minimal: { 'index.js': EVALUATED, 'worker.js': minimal },
    probe: { 'index.js': EVALUATED, 'worker.js': probe },
    ...Object.fromEntries(Object.entries(cuts).map(([name, code]) => [name, { 'index.js': EVALUATED, 'worker.js': code }])),
  };
  const requests = { ...REQUESTS, parts: { path: '/parts', body: catalogueJson } };
  harness = await startColdStartHarness(root, workers, requests);
  // Each sample: a Worker and the requests it gets in one new isolate.
  const samples: [label: string, worker: string, requests: (RequestName | 'parts')[]][] = [
    ['minimal Worker: evaluation only', 'minimal', ['evaluated']],
    ['minimal Worker: evaluation + find_writing_signals en', 'minimal', ['find_writing_signals en']],
    ['this Worker: evaluation only', 'ours', ['evaluated']],
    ...(Object.keys(REQUESTS) as RequestName[])
      .filter((name) => name !== 'evaluated')
      .map((name): [string, string, RequestName[]] => [`this Worker: evaluation + first ${name}`, 'ours', [name]]),
    ...Object.keys(cuts).map((name): [string, string, RequestName[]] => [`this Worker, ${name}: evaluation only`, name, ['evaluated']]),
    ['this Worker, catalogue JSON in a Text module: evaluation only', 'text module', ['evaluated']],
    [
      'this Worker, catalogue JSON in a Text module: evaluation + first find_writing_signals en',
      'text module',
      ['find_writing_signals en'],
    ],
    ['probe Worker (core without the catalogue module): evaluation only', 'probe', ['evaluated']],
  ];
  const times = new Map<string, number[]>();
  const parts = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
  for (let round = 0; round < rounds; round++) {
    for (const [label, worker, names] of samples) {
      const { ms } = await harness.run(worker, names, `${worker}-${names.join('+')}-${round}`.replace(/[^\w+-]/g, '_'));
      add(times, label, ms[0] as number);
    }
    const { ms, bodies } = await harness.run('probe', ['evaluated', 'parts'], `probe-parts-${round}`);
    add(times, 'probe Worker: the parts request (below), after evaluation', ms[1] as number);
    for (const [name, value] of JSON.parse(bodies[1] as string) as [string, number][]) add(parts, name, value);
    process.stderr.write(`round ${round + 1} of ${rounds}\n`);
  }
  const line = (label: string, values: number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    console.log(`${median(values).toFixed(1).padStart(7)} ${mean.toFixed(2).padStart(8)}  ${label}`);
  };
  console.log(`cold isolates in workerd, ${rounds} rounds: median and mean ms, from the load to the last byte of the answer`);
  for (const [label, values] of times) line(label, values);
  console.log('inside the probe isolate, each step once, in order: median and mean ms (the clock ticks in whole ms: read the means)');
  for (const [label, values] of parts) line(label, values);
} finally {
  await harness?.dispose();
  for (const built of bundles) built.remove();
}
