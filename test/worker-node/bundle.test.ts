// The bundle `wrangler deploy --dry-run` writes, the very file a deploy
// uploads, run in Miniflare with the bindings of wrangler.toml and a KV
// namespace and the static assets: health, the review page, descriptors,
// dispatch, MCP through the official client, and evidence read from KV. The workerd tests (test/worker) run the sources
// through vitest's own bundling; these run the deploy artifact.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeployBundle, deployedWorkerOptions, type DeployBundle } from '../../scripts/lib/deploy-bundle';
import { catalogueVersion, writingReviewTools } from '../../src/core/index';
import enExample from '../../examples/evidence/en-public-docs.json';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ORIGIN = 'http://bundle.test';
const EVIDENCE_KEY = 'evidence/en/public-docs/reviewer/public-docs-example-v1';

let bundle: DeployBundle;
let worker: Miniflare;

beforeAll(async () => {
  bundle = buildDeployBundle(root);
  worker = new Miniflare({ modules: true, modulesRoot: bundle.dir, scriptPath: bundle.scriptPath, ...deployedWorkerOptions(root) });
  const evidence = await worker.getKVNamespace('EVIDENCE');
  await evidence.put(EVIDENCE_KEY, JSON.stringify(enExample));
}, 300_000);

afterAll(async () => {
  await worker?.dispose();
  bundle?.remove();
});

async function fetchWorker(path: string, init?: RequestInit): Promise<Response> {
  // Miniflare answers with its own (undici) Response; the tests read it as the standard one.
  return (await worker.dispatchFetch(`${ORIGIN}${path}`, init as never)) as unknown as Response;
}

const dispatch = (call: unknown) =>
  fetchWorker('/v1/dispatch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(call) });

describe('the deploy bundle', () => {
  it('is one module with its own MCP handler, without the MCP SDK, Ajv or the review page', () => {
    const { inputs } = JSON.parse(readFileSync(bundle.metafilePath, 'utf8')) as { inputs: Record<string, unknown> };
    const names = Object.keys(inputs);
    expect(names).toContain('src/worker/mcp/handle-mcp-request.ts');
    expect(names.filter((name) => /node_modules\/(?:ajv|@modelcontextprotocol)/.test(name))).toEqual([]);
    expect(names.filter((name) => name.startsWith('src/worker/page/assets/'))).toEqual([]);
  });

  it('carries the whole catalogue in its script: every tool call answers from it, with no asset to read', () => {
    const { outputs } = JSON.parse(readFileSync(bundle.metafilePath, 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    const [output] = Object.values(outputs).filter((entry) => Object.keys(entry.inputs).length > 0);
    expect(Object.keys(output?.inputs ?? {})).toContain('src/core/catalogue/compile.ts');
    // The catalogue is about 300 KiB before gzip; a version constant alone would be a few bytes.
    expect(output?.inputs['src/core/catalogue/catalogue.generated.ts']?.bytesInOutput).toBeGreaterThan(100_000);
    expect(readFileSync(bundle.scriptPath, 'utf8')).toContain(catalogueVersion);
  });

  it('keeps the catalogue a quoted string literal: the minifier wrote no template literal, which V8 parses slower', () => {
    const script = readFileSync(bundle.scriptPath, 'utf8');
    expect(script).toMatch(/JSON\.parse\('\{"catalogueVersion"/);
    expect(script).not.toMatch(/JSON\.parse\(`\{"catalogueVersion"/);
  });
});

describe('the deploy bundle in Miniflare', () => {
  it('answers GET /healthz with the catalogue version', async () => {
    const response = await fetchWorker('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, catalogueVersion });
  });

  it('serves the review page from the static assets, in the asked language, with the host context', async () => {
    const german = await fetchWorker('/', { headers: { 'Accept-Language': 'de-DE,de;q=0.9' } });
    expect(german.status).toBe(200);
    expect(german.headers.get('Content-Language')).toBe('de');
    expect(german.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await german.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`Catalogue version: ${catalogueVersion}`);
    expect(html).not.toContain('<!--host-context-->');
    expect(await (await fetchWorker('/?lang=en')).text()).toContain('<html lang="en">');
  });

  it('serves no asset under its own path: the Worker answers every request', async () => {
    for (const path of ['/en.html', '/de.html', '/de']) {
      const response = await fetchWorker(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: 'not-found' } });
    }
  });

  it('lists the four descriptors and revalidates them with 304', async () => {
    const response = await fetchWorker('/v1/tools');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { tools: { name: string }[] };
    expect(body.tools.map((tool) => tool.name)).toEqual(writingReviewTools.map((tool) => tool.name));
    const etag = response.headers.get('ETag') ?? '';
    expect((await fetchWorker('/v1/tools', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('dispatches a call and answers a refusal with the envelope', async () => {
    const found = await dispatch({ name: 'find_writing_signals', arguments: { text: 'A powerful review panel.', language: 'en' } });
    expect(found.status).toBe(200);
    const body = (await found.json()) as { ok: boolean; data: { signals: { quote: string }[] } };
    expect(body.ok).toBe(true);
    expect(body.data.signals.map((signal) => signal.quote)).toContain('powerful');

    const refused = await dispatch({ name: 'rewrite_text', arguments: {} });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, tool: 'rewrite_text', error: { code: 'unknown-tool' } });
  });

  it('serves evidence from the KV namespace, and evidence-missing for a key it lacks', async () => {
    const stored = await dispatch({ name: 'get_model_comparison_evidence', arguments: enExample.query });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { data: unknown }).data).toEqual(enExample);

    const missing = await dispatch({ name: 'get_model_comparison_evidence', arguments: { ...enExample.query, profile: 'agent-report' } });
    expect(((await missing.json()) as { data: { status: string } }).data.status).toBe('evidence-missing');
  });

  it('serves MCP to the official client: tools/list and tools/call', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      fetch: (url, init) => fetchWorker(new URL(url).pathname, init),
    });
    const client = new Client({ name: 'bundle-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'writing-rules', version: catalogueVersion });
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(writingReviewTools.map((tool) => tool.name));
      const result = (await client.callTool({ name: 'get_writing_rules', arguments: { language: 'de' } })) as CallToolResult;
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ catalogueVersion, language: 'de' });
    } finally {
      await client.close();
    }
  });
});
