// `npx tsx lab/bench/start-up-profile.ts [runs]`: where a new Worker isolate's
// start-up time goes, module by module. Bundles the Worker entry as wrangler
// does but unminified, marks the start of each module's top-level code with a
// clock reading, and imports the bundle in new Node.js processes (median of
// `runs`, 7 by default). Each process then sends one request per tool and MCP
// tools/list, and prints each request's milliseconds: what a cold isolate pays
// on its first call of each. Node.js, not workerd, so it shows shares, not the
// cold-start row's figures; for those, `npm run bench -- --only=cold-start`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { deployedWorkerOptions } from '../../scripts/lib/deploy-bundle';
import { median } from './row';

const root = fileURLToPath(new URL('../../', import.meta.url));
const runs = Number(process.argv[2] ?? 7);

// esbuild heads each module's code with a `// path` comment; a clock reading goes before each.
function withModuleMarks(code: string): string {
  const marked = code.split('\n').map((line) => {
    const module = /^\/\/ (\S+\.(?:ts|js|mjs))$/.exec(line)?.[1];
    return module === undefined ? line : `globalThis.__marks.push([${JSON.stringify(module)}, performance.now()]);\n${line}`;
  });
  return ['globalThis.__marks = [];', ...marked].join('\n');
}

// Run in the new process: import the bundle, then one request per tool and MCP tools/list.
const CHILD = `
const [bundle, vars] = process.argv.slice(2);
// Node's own fetch classes load on first use; load them before the clock starts.
await new Response(new Request('http://warm/', { method: 'POST', body: '{}' }).body).text();
const begin = performance.now();
const worker = (await import(bundle)).default;
const marks = [...globalThis.__marks, ['(end)', performance.now()]];
const modules = {};
for (let i = 0; i < marks.length - 1; i++) {
  const name = marks[i][0].replace(/^(?:.*\\/)?node_modules\\/((?:@[^/]+\\/)?[^/]+)\\/.*/, '$1 (package)');
  modules[name] = (modules[name] ?? 0) + marks[i + 1][1] - marks[i][1];
}
const env = { ...JSON.parse(vars), REQUEST_LOG_SAMPLE_RATE: '0', EVIDENCE: { get: async () => null } };
const context = { waitUntil() {}, passThroughOnException() {} };
const text = 'The new importer is powerful: it reads a file of 2,000 rows in under a second.';
const requests = [
  ['find_writing_signals', '/v1/dispatch', { name: 'find_writing_signals', arguments: { text, language: 'en' } }],
  ['get_writing_rules', '/v1/dispatch', { name: 'get_writing_rules', arguments: { language: 'en' } }],
  ['compose_writing_review_prompt', '/v1/dispatch', { name: 'compose_writing_review_prompt', arguments: { language: 'en' } }],
  ['get_model_comparison_evidence', '/v1/dispatch', { name: 'get_model_comparison_evidence', arguments: { language: 'en', profile: 'public-docs', role: 'reviewer', cohortId: 'public-docs-example-v1' } }],
  ['MCP tools/list', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
];
const calls = {};
for (const [name, path, body] of requests) {
  const started = performance.now();
  const answer = await worker.fetch(new Request('http://cold.start' + path, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(body),
  }), env, context);
  await answer.text();
  if (answer.status !== 200) throw new Error(name + ' answered ' + answer.status);
  calls[name] = performance.now() - started;
}
console.log(JSON.stringify({ evaluation: marks.at(-1)[1] - begin, modules, calls }));
`;

interface Sample {
  readonly evaluation: number;
  readonly modules: Record<string, number>;
  readonly calls: Record<string, number>;
}

const dir = mkdtempSync(join(tmpdir(), 'start-up-profile-'));
try {
  const bundled = await build({
    absWorkingDir: root,
    entryPoints: ['src/worker/index.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'silent',
  });
  const bundle = join(dir, 'worker.mjs');
  writeFileSync(bundle, withModuleMarks(bundled.outputFiles[0]!.text));
  const child = join(dir, 'child.mjs');
  writeFileSync(child, CHILD);
  const vars = JSON.stringify(deployedWorkerOptions(root).bindings);
  const samples: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    const result = spawnSync(process.execPath, [child, bundle, vars], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`the Worker bundle failed in Node.js: ${result.stderr.slice(0, 500)}`);
    samples.push(JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Sample);
  }
  const medianOf = (pick: (sample: Sample) => number | undefined) => median(samples.map((sample) => pick(sample) ?? 0));
  console.log(
    `import (compile and evaluation), median of ${runs} new processes: ${medianOf((s) => s.evaluation).toFixed(1)} ms; top-level code by module:`,
  );
  const modules = new Set(samples.flatMap((sample) => Object.keys(sample.modules)));
  const byModule = [...modules].map((name) => [name, medianOf((s) => s.modules[name])] as const).sort((a, b) => b[1] - a[1]);
  for (const [name, ms] of byModule.filter(([, ms]) => ms >= 0.5)) console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  console.log('first request of each kind, in this order:');
  for (const name of Object.keys(samples[0]!.calls))
    console.log(
      `  ${medianOf((s) => s.calls[name])
        .toFixed(1)
        .padStart(6)} ms  ${name}`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
