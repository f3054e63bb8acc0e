// Bench-only Worker: the parts of a cold start, timed inside one new isolate
// (lab/bench/cold-start-parts.ts). It imports what the Worker imports except
// the generated catalogue module; `POST /parts` with the catalogue's JSON text
// as its body then does, step by step, what that module's evaluation and the
// Worker's first calls do, and answers each step's milliseconds in the order
// taken. Every step runs once in the isolate, so each is timed cold (code not
// yet compiled by V8), except those named "again". Never deployed.
import type { CatalogueAsBuilt } from '../../../src/core/catalogue/compiled-types';
import { compileCatalogue } from '../../../src/core/catalogue/compile';
import { createCatalogueView } from '../../../src/core/catalogue/view';
import { createDispatcher } from '../../../src/core/dispatch/dispatcher';
import { loadCandidateAutomaton } from '../../../src/core/scanner/candidate-automaton';
import { createSignalScanner } from '../../../src/core/scanner/scan';
import { parseArguments } from '../../../src/core/tools/arguments';
import { TOOLS } from '../../../src/core/tools/index';

// The text of the cold-start row's English request.
const TEXT = 'The new importer is powerful: it reads a file of 2,000 rows in under a second.';

async function parts(json: string): Promise<[string, number][]> {
  const timed: [string, number][] = [];
  const time = <T>(name: string, step: () => T): T => {
    const begin = performance.now();
    const value = step();
    timed.push([name, performance.now() - begin]);
    return value;
  };
  const built = time('catalogue JSON parse', () => JSON.parse(json) as CatalogueAsBuilt);
  const catalogue = time('catalogue compile (freeze, record getters)', () => compileCatalogue(built));
  const automata = built.candidateAutomata ?? {};
  time('trie load en', () => loadCandidateAutomaton(automata.en as string));
  time('trie load en, again', () => loadCandidateAutomaton(automata.en as string));
  const view = time('catalogue view and scanner', () => createCatalogueView(catalogue, createSignalScanner));
  const ruleIds = [...(view.scannable.get('en') ?? [])];
  time('first scan, one word (plan build, trie load, forms split)', () => view.scan({ text: 'x', language: 'en', ruleIds }));
  time('first scan of the request text (record regexes compiled, first runs)', () => view.scan({ text: TEXT, language: 'en', ruleIds }));
  time('same scan again', () => view.scan({ text: TEXT, language: 'en', ruleIds }));
  const find = TOOLS.find((tool) => tool.name === 'find_writing_signals');
  if (find === undefined) throw new Error('no find_writing_signals tool');
  const schema = time('zod: find_writing_signals argument schema built', () => find.schema);
  const args = { text: TEXT, language: 'en' };
  time('zod: first safeParse (parseArguments)', () => parseArguments(find.name, schema, find.fields, args));
  time('zod: second safeParse', () => parseArguments(find.name, schema, find.fields, args));
  time('zod: every other tool argument schema built', () => TOOLS.map((tool) => tool.schema));
  const dispatcher = createDispatcher(view, { reviewContext: { audience: 'Developers reading a setup guide', goal: 'Install the tool' } });
  for (const [name, language] of [
    ['find_writing_signals', 'en'],
    ['find_writing_signals', 'de'],
    ['get_writing_rules', 'en'],
    ['compose_writing_review_prompt', 'en'],
  ] as const) {
    const begin = performance.now();
    const result = await dispatcher.dispatch({
      name,
      arguments: name === 'find_writing_signals' ? { text: TEXT, language } : { language },
    });
    timed.push([`first dispatch ${name} ${language} (after the steps above)`, performance.now() - begin]);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  }
  time('zod: result schemas and JSON Schemas of every tool (tools/list)', () =>
    TOOLS.map((tool) => [tool.descriptor.inputSchema, tool.descriptor.outputSchema]),
  );
  return timed;
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/parts') return new Response('');
    return Response.json(await parts(await request.text()));
  },
};
