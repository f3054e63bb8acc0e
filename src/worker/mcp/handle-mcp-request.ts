// MCP over Streamable HTTP, stateless: every POST gets a fresh low-level SDK
// `Server` and web-standard transport, answers in JSON and is closed again, so
// no session or Durable Object is needed. tools/list serves the descriptors as
// they are; tools/call runs the same dispatcher as POST /v1/dispatch.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { WritingToolCall, WritingToolDescriptor, WritingToolResult } from '../../core/types';
import { MAX_BODY_BYTES } from '../middleware/request-body';

/** What the MCP endpoint needs from the Worker. */
export interface McpEndpointOptions {
  readonly tools: readonly WritingToolDescriptor[];
  readonly dispatch: (call: WritingToolCall) => Promise<WritingToolResult>;
  /** Reported as `serverInfo.version`, e.g. the catalogue version. */
  readonly version: string;
  /** Replaces the refusing validator; the validator benchmark passes the SDK's Ajv here. */
  readonly createJsonSchemaValidator?: () => jsonSchemaValidator;
}

const SERVER_NAME = 'writing-rules';

const refuse: JsonSchemaValidator<never> = () => ({
  valid: false,
  data: undefined,
  errorMessage: 'This server requests no client input, so it accepts none.',
});

/**
 * The JSON Schema validator handed to the SDK's `Server` instead of its default
 * Ajv; it refuses every value. The low-level `Server` asks for a validator only
 * to check a client's answer to an elicitation request (`elicitInput`), which
 * this server never sends: it neither validates tool arguments (the
 * dispatcher's own schemas do) nor its own results. So the Worker never runs
 * Ajv, and the build replaces the `ajv` packages with a stub (wrangler.toml
 * `[alias]`); building Ajv for every stateless request also cost CPU for
 * nothing (see docs/agents.md).
 */
const refusingJsonSchemaValidator: jsonSchemaValidator = {
  getValidator: <T>() => refuse as JsonSchemaValidator<T>,
};

/**
 * The MCP tools/call result for one dispatched call: the data as
 * structuredContent (it fits the tool's outputSchema) plus the same JSON as
 * text for clients that read only text. An error becomes `isError: true` with
 * `{ "error": { code, message } }` as text only: structuredContent must fit
 * the outputSchema, which describes results, and MCP clients check it.
 */
function toCallToolResult(result: WritingToolResult): CallToolResult {
  if (!result.ok) {
    return { content: [{ type: 'text', text: JSON.stringify({ error: result.error }) }], isError: true };
  }
  const data = result.data as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

function toMcpTool(descriptor: WritingToolDescriptor): Tool {
  return {
    name: descriptor.name,
    title: descriptor.title,
    description: descriptor.description,
    inputSchema: descriptor.inputSchema as Tool['inputSchema'],
    outputSchema: descriptor.outputSchema as Tool['outputSchema'],
    annotations: { title: descriptor.title, ...descriptor.annotations },
  };
}

/**
 * The `arguments` of each tools/call message in the body, by JSON-RPC id, as
 * JSON.parse read them. The SDK's own copy drops keys such as `__proto__`; the
 * dispatcher must see them to refuse them, exactly as POST /v1/dispatch does.
 */
function rawCallArguments(body: unknown): ReadonlyMap<unknown, unknown> {
  const calls = new Map<unknown, unknown>();
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = toolCallOf(message);
    if (call !== undefined && Object.hasOwn(call.params, 'arguments')) calls.set(call.id, call.params.arguments);
  }
  return calls;
}

/**
 * The body as the SDK may read it: a tools/call whose `arguments` is present but
 * not an object (null, an array, a string) gets `{}` in its copy, so the SDK
 * passes the call on instead of answering -32603 with its schema's issues. The
 * handler dispatches the raw value from `rawCallArguments`, which the
 * dispatcher refuses as `invalid-arguments`.
 */
function withObjectArguments(body: unknown): unknown {
  const fix = (message: unknown): unknown => {
    const call = toolCallOf(message);
    if (call === undefined || !Object.hasOwn(call.params, 'arguments') || isPlainObject(call.params.arguments)) return message;
    return { ...(message as object), params: { ...call.params, arguments: {} } };
  };
  return Array.isArray(body) ? body.map(fix) : fix(body);
}

function toolCallOf(message: unknown): { id: unknown; params: { arguments?: unknown } } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return undefined;
  return { id, params: params as { arguments?: unknown } };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function createServer(options: McpEndpointOptions, rawArguments: ReadonlyMap<unknown, unknown>): Server {
  const server = new Server(
    { name: SERVER_NAME, version: options.version },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: options.createJsonSchemaValidator?.() ?? refusingJsonSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    // MCP leaves `arguments` out for a call without any; that is the empty object.
    // A key that is present keeps its raw value, null included, for the dispatcher to judge.
    const args = rawArguments.has(extra.requestId) ? rawArguments.get(extra.requestId) : (request.params.arguments ?? {});
    return toCallToolResult(await options.dispatch({ name, arguments: args }));
  });
  return server;
}

/**
 * Answers one POST to /mcp (routes/mcp.ts answers the other methods).
 * Pass `parsedBody` when middleware has already read and parsed the request
 * body; tools/call then dispatches the arguments exactly as parsed.
 */
export async function handleMcpRequest(
  request: Request,
  options: McpEndpointOptions,
  parsedBody?: unknown,
): Promise<Response> {
  const server = createServer(options, rawCallArguments(parsedBody));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody: withObjectArguments(parsedBody) });
  } finally {
    await server.close();
  }
}
