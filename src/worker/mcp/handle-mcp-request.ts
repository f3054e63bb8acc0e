// MCP over Streamable HTTP, stateless, answered in JSON: each POST carries one
// JSON-RPC message (or a batch, as protocol 2025-03-26 allows) and gets every
// answer in one JSON body; no session, no server-to-client stream. The server
// side is this file rather than the MCP SDK's Server and transport, which
// weighed about 15 KiB gzip in the Worker for four methods (docs/measurements.md);
// the tests drive it with the SDK's own Client. tools/list serves the
// descriptors as they are; tools/call runs the same dispatcher as POST /v1/dispatch.
import { echo } from '../../core/input-checks/echo';
import { bodyEncodingProblem } from '../middleware/request-body';
import type { WritingToolCall, WritingToolDescriptor, WritingToolResult } from '../../core/dispatch/types';

/** What the MCP endpoint needs from the Worker. */
export interface McpEndpointOptions {
  readonly tools: readonly WritingToolDescriptor[];
  readonly dispatch: (call: WritingToolCall) => Promise<WritingToolResult>;
  /** Reported as `serverInfo.version`, e.g. the catalogue version. */
  readonly version: string;
}

/** The request body as the route read it: its JSON value, or not JSON in UTF-8. */
export type McpBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

const SERVER_NAME = 'writing-rules';

/** Protocol revisions this server speaks, newest first; initialize settles on the client's if listed, else the newest. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The most messages one batch may hold (the SDK's server allows as many). */
const MAX_BATCH = 100;

/** The params of tools/call: MCP's own, and `_meta`, which any request may carry. */
const TOOLS_CALL_PARAMS: ReadonlySet<string> = new Set(['name', 'arguments', '_meta']);

// JSON-RPC 2.0 error codes, and -32000, which MCP's transport uses for HTTP-level refusals.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const TRANSPORT_ERROR = -32000;

type Id = string | number;
type JsonObject = Record<string, unknown>;
type Answer = { jsonrpc: '2.0'; id: Id } & ({ result: JsonObject } | { error: { code: number; message: string } });

/** A JSON-RPC request (with an id); notifications and a client's responses have none we answer. */
interface RpcRequest {
  readonly id: Id;
  readonly method: string;
  readonly params: JsonObject;
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An HTTP refusal with a JSON-RPC error that names no request (`id: null`), as the transport spec has it. */
function refusal(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });
}

/**
 * Sorts a message into a request, something to accept without an answer
 * (a notification, or a response to a request this server never sends), or
 * invalid. `params`, when present, must be an object: MCP names every parameter.
 */
function classify(message: unknown): RpcRequest | 'accepted' | 'invalid' {
  if (!isObject(message) || message.jsonrpc !== '2.0') return 'invalid';
  const { id, method, params } = message;
  const validId = (typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)));
  if (typeof method !== 'string') {
    const isResponse = validId && (Object.hasOwn(message, 'result') || isObject(message.error));
    return isResponse ? 'accepted' : 'invalid';
  }
  if (params !== undefined && !isObject(params)) return 'invalid';
  if (!Object.hasOwn(message, 'id')) return 'accepted';
  return validId ? { id: id as Id, method, params: (params as JsonObject | undefined) ?? {} } : 'invalid';
}

/**
 * The tools/call result for one dispatched call: the data as structuredContent
 * (it fits the tool's outputSchema) plus the same JSON as text for clients that
 * read only text. An error becomes `isError: true` with `{ "error": { code,
 * message } }` as text only: structuredContent must fit the outputSchema, which
 * describes results, and MCP clients check it.
 */
function toCallToolResult(result: WritingToolResult): JsonObject {
  if (!result.ok) return { content: [{ type: 'text', text: JSON.stringify({ error: result.error }) }], isError: true };
  const data = result.data as JsonObject;
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

function toMcpTool(descriptor: WritingToolDescriptor): JsonObject {
  return {
    name: descriptor.name,
    title: descriptor.title,
    description: descriptor.description,
    inputSchema: descriptor.inputSchema,
    outputSchema: descriptor.outputSchema,
    annotations: { title: descriptor.title, ...descriptor.annotations },
  };
}

/** The result of one request, or the JSON-RPC error it earns. */
async function answer(request: RpcRequest, options: McpEndpointOptions): Promise<Answer> {
  const { id, method, params } = request;
  const result = (value: JsonObject): Answer => ({ jsonrpc: '2.0', id, result: value });
  const error = (code: number, message: string): Answer => ({ jsonrpc: '2.0', id, error: { code, message } });
  switch (method) {
    case 'initialize': {
      if (typeof params.protocolVersion !== 'string') return error(INVALID_PARAMS, 'Invalid params: initialize needs params.protocolVersion, a string.');
      const asked = params.protocolVersion as (typeof MCP_PROTOCOL_VERSIONS)[number];
      return result({
        protocolVersion: MCP_PROTOCOL_VERSIONS.includes(asked) ? asked : MCP_PROTOCOL_VERSIONS[0],
        capabilities: { tools: {} },
        serverInfo: { name: SERVER_NAME, version: options.version },
      });
    }
    case 'ping':
      return result({});
    case 'tools/list':
      // Four tools fit one page: no cursor is ever handed out.
      return result({ tools: options.tools.map(toMcpTool) });
    case 'tools/call': {
      if (typeof params.name !== 'string') return error(INVALID_PARAMS, 'Invalid params: tools/call needs params.name, a string.');
      // A misspelt `arguments` would otherwise run the tool on its defaults.
      const unknown = Object.keys(params).find((key) => !TOOLS_CALL_PARAMS.has(key));
      if (unknown !== undefined) {
        return error(INVALID_PARAMS, `Invalid params: tools/call takes name, arguments and _meta, not ${echo(unknown)}.`);
      }
      // MCP leaves `arguments` out for a call without any; that is the empty object. A key that
      // is present keeps its raw value (null, an array, `__proto__` inside) for the dispatcher to judge.
      const args = Object.hasOwn(params, 'arguments') ? params.arguments : {};
      try {
        return result(toCallToolResult(await options.dispatch({ name: params.name, arguments: args })));
      } catch {
        // The dispatcher answers every refusal itself; this is a fault of the Worker.
        return error(INTERNAL_ERROR, 'Internal error: the tool call failed unexpectedly.');
      }
    }
    default:
      return error(METHOD_NOT_FOUND, `Method not found: ${echo(method)}. This server answers initialize, ping, tools/list and tools/call.`);
  }
}

const mediaType = (header: string | null) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Answers one POST to /mcp (routes/mcp.ts answers the other methods) whose
 * body the route has read within the size limit and parsed. HTTP-level
 * refusals (406, 415, 400) come as JSON-RPC errors without an id.
 */
export async function handleMcpRequest(request: Request, body: McpBody, options: McpEndpointOptions): Promise<Response> {
  const accept = request.headers.get('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refusal(406, TRANSPORT_ERROR, 'Not Acceptable: the client must accept both application/json and text/event-stream.');
  }
  if (mediaType(request.headers.get('content-type')) !== 'application/json') {
    return refusal(415, TRANSPORT_ERROR, 'Unsupported Media Type: Content-Type must be application/json.');
  }
  const encoding = bodyEncodingProblem(request.headers);
  if (encoding !== undefined) return refusal(415, TRANSPORT_ERROR, `Unsupported Media Type: ${encoding}`, { 'Accept-Encoding': 'identity' });
  if (!body.ok) return refusal(400, PARSE_ERROR, 'Parse error: the body is not JSON in UTF-8.');
  const batch = Array.isArray(body.value);
  const messages: unknown[] = batch ? (body.value as unknown[]) : [body.value];
  if (messages.length === 0 || messages.length > MAX_BATCH) {
    return refusal(400, INVALID_REQUEST, `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages.`);
  }
  const sorted = messages.map(classify);
  const invalid = sorted.indexOf('invalid');
  if (invalid !== -1) {
    const which = batch ? `message ${invalid + 1} of the batch is` : 'the message is';
    return refusal(400, INVALID_REQUEST, `Invalid Request: ${which} not a JSON-RPC 2.0 request, notification or response with params an object.`);
  }
  const requests = sorted.filter((message): message is RpcRequest => message !== 'accepted' && message !== 'invalid');
  const initializes = requests.some((message) => message.method === 'initialize');
  if (initializes && messages.length > 1) {
    return refusal(400, INVALID_REQUEST, 'Invalid Request: initialize must be sent alone.');
  }
  // After initialize, a client names the negotiated revision in this header; an unknown one is refused.
  const version = request.headers.get('mcp-protocol-version');
  if (!initializes && version !== null && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
    return refusal(400, TRANSPORT_ERROR, `Bad Request: unsupported protocol version ${echo(version)} (supported: ${MCP_PROTOCOL_VERSIONS.join(', ')}).`);
  }
  // Notifications and responses alone are accepted without a body.
  if (requests.length === 0) return new Response(null, { status: 202 });
  const answers = await Promise.all(requests.map((message) => answer(message, options)));
  return Response.json(batch ? answers : answers[0]);
}
