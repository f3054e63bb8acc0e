// Measures the CPU one stateless MCP request costs with the SDK's default
// validator (Ajv, built per Server) and with the refusing validator the Worker
// injects. Run: npm run bench:mcp. Node measures the same V8 work workerd does;
// the numbers in docs/agents.md come from this script.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { createWritingToolDispatcher, writingReviewTools, catalogueVersion } from '../../src/core/index';
import { handleMcpRequest, type McpEndpointOptions } from '../../src/worker/mcp/handle-mcp-request';

const ROUNDS = 5;
const REQUESTS_PER_ROUND = 400;
const WARM_UP = 300;

const dispatcher = createWritingToolDispatcher({ reviewContext: { audience: 'Bench readers', goal: 'Measure' } });
const base: McpEndpointOptions = {
  tools: writingReviewTools,
  dispatch: (call) => dispatcher.dispatch(call),
  version: catalogueVersion,
};
const variants: Record<string, McpEndpointOptions> = {
  'SDK default (Ajv per request)': { ...base, createJsonSchemaValidator: () => new AjvJsonSchemaValidator() },
  'refusing validator (shipped)': base,
};

const messages: Record<string, unknown> = {
  initialize: {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
  },
  'tools/list': { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  'tools/call': {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'find_writing_signals', arguments: { text: 'A powerful review panel.', ruleIds: ['word-choice'] } },
  },
};

function post(message: unknown): Request {
  return new Request('http://bench/mcp', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify(message),
  });
}

async function run(options: McpEndpointOptions, message: unknown, count: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i += 1) {
    const response = await handleMcpRequest(post(message), options);
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
    await response.text();
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

for (const [kind, message] of Object.entries(messages)) {
  const perVariant = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
  for (const options of Object.values(variants)) await run(options, message, WARM_UP);
  // Interleave the variants so drift in the machine's load hits both alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, options] of Object.entries(variants)) {
      perVariant.get(name)!.push(await run(options, message, REQUESTS_PER_ROUND));
    }
  }
  for (const [name, samples] of perVariant) {
    const sorted = [...samples].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`${kind.padEnd(11)} ${name.padEnd(30)} median ${median.toFixed(0)} µs CPU/request (rounds: ${sorted.map((s) => s.toFixed(0)).join(', ')})`);
  }
}
