// MCP's JSON-RPC side, free of any transport: sorting the messages of one
// POST body or one stdio line (a message or a batch, as protocol 2025-03-26
// allows), answering initialize, ping, tools/list and tools/call over a
// dispatcher, and the error objects. The Worker's /mcp (src/worker/mcp) adds
// HTTP's status codes and header checks; a stdio server adds its framing.
// The server side is this code rather than the MCP SDK's Server, which weighed
// about 15 KiB gzip in the Worker for four methods (docs/measurements.md).
import { echo } from '../core/input-checks/echo';
import { MAX_TEXT_UNITS } from '../core/tools/fields';
import { rawIdsOf } from './raw-ids';
import type { WritingToolCall, WritingToolDescriptor, WritingToolResult } from '../core/dispatch/types';

/** What an MCP server needs from its host. */
export interface McpServerOptions {
  readonly tools: readonly WritingToolDescriptor[];
  readonly dispatch: (call: WritingToolCall) => Promise<WritingToolResult>;
  /** Reported as `serverInfo.version`, e.g. the catalogue version. */
  readonly version: string;
}

const SERVER_NAME = 'writing-rules';

/** Protocol revisions this server speaks, newest first; initialize settles on the client's if listed, else the newest. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The most messages one batch may hold (the SDK's server allows as many). */
const MAX_BATCH = 100;

/**
 * The most tools/call requests one batch may hold. Each is one tool run, and a
 * run's answer is bounded by a constant: so is a batch's. Protocol 2025-06-18
 * dropped batches altogether; older clients rarely send more than a few calls.
 */
export const MAX_TOOL_CALLS_PER_BATCH = 4;

/** The first revision whose tools/call result has structuredContent. */
const STRUCTURED_CONTENT_SINCE = '2025-06-18';

/** The revision a server assumes when an HTTP client names none (Streamable HTTP's rule). */
export const ASSUMED_PROTOCOL_VERSION = '2025-03-26';

/** The params of tools/call: MCP's own, and `_meta`, which any request may carry. */
const TOOLS_CALL_PARAMS: ReadonlySet<string> = new Set(['name', 'arguments', '_meta']);

/** JSON-RPC 2.0 error codes, and -32000, which MCP's transport uses for transport-level refusals. */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  transportError: -32000,
} as const;

type Id = string | number;
type JsonObject = Record<string, unknown>;
/** The answer to one request: its result or its error, under its id. */
export type McpAnswer = { jsonrpc: '2.0'; id: Id } & ({ result: JsonObject } | { error: { code: number; message: string } });

/** A refusal of a whole message or batch, answered as an error that names no request (`id: null`). */
export interface McpRefusal {
  readonly code: number;
  readonly message: string;
}

/** The JSON-RPC error object for a refusal, with `id: null` as JSON-RPC has it for an unidentified request. */
export function refusalMessage(refusal: McpRefusal): { jsonrpc: '2.0'; error: McpRefusal; id: null } {
  return { jsonrpc: '2.0', error: { code: refusal.code, message: refusal.message }, id: null };
}

/** The refusal of a message that is not JSON in UTF-8. */
export const PARSE_ERROR: McpRefusal = { code: JSON_RPC_ERRORS.parseError, message: 'Parse error: the body is not JSON in UTF-8.' };

/** A JSON-RPC request (with an id); notifications and a client's responses have none we answer. */
export interface RpcRequest {
  readonly id: Id;
  /** The id's JSON text as sent, which the answer repeats exactly. */
  readonly rawId: string;
  readonly method: string;
  readonly params: JsonObject;
}

/** One message or batch, sorted: the requests to answer, or why the whole is refused. */
export type McpMessages =
  | { readonly ok: false; readonly refusal: McpRefusal }
  | {
      readonly ok: true;
      /** The messages came as a JSON array: the answers go back as one. */
      readonly batch: boolean;
      readonly requests: readonly RpcRequest[];
      /** An initialize request, which is always alone. */
      readonly initializes: boolean;
      /** tools/call requests: tool runs, each one against the caller's tool-call budget. */
      readonly toolCalls: number;
    };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sorts a message into a request, something to accept without an answer
 * (a notification, or a response to a request this server never sends), or
 * invalid. `params`, when present, must be an object: MCP names every parameter.
 */
function classify(message: unknown, rawId: string | undefined): RpcRequest | 'accepted' | 'invalid' {
  if (!isObject(message) || message.jsonrpc !== '2.0') return 'invalid';
  const { id, method, params } = message;
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));
  if (typeof method !== 'string') {
    const isResponse = validId && (Object.hasOwn(message, 'result') || isObject(message.error));
    return isResponse ? 'accepted' : 'invalid';
  }
  if (params !== undefined && !isObject(params)) return 'invalid';
  if (!Object.hasOwn(message, 'id')) return 'accepted';
  return validId
    ? { id: id as Id, rawId: rawId ?? JSON.stringify(id), method, params: (params as JsonObject | undefined) ?? {} }
    : 'invalid';
}

/**
 * Parses the JSON text of one message or batch and sorts it into the requests
 * to answer, or the refusal of the whole: not JSON, not JSON-RPC, too many
 * messages or tool calls, or more text to scan than one call may carry.
 */
export function parseMcpMessages(json: string): McpMessages {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, refusal: PARSE_ERROR };
  }
  return readMcpMessages(value, rawIdsOf(json));
}

function readMcpMessages(value: unknown, rawIds: readonly (string | undefined)[]): McpMessages {
  const batch = Array.isArray(value);
  const messages: unknown[] = batch ? (value as unknown[]) : [value];
  const refuse = (message: string): McpMessages => ({ ok: false, refusal: { code: JSON_RPC_ERRORS.invalidRequest, message } });
  if (messages.length === 0 || messages.length > MAX_BATCH) return refuse(`Invalid Request: a batch holds 1 to ${MAX_BATCH} messages.`);
  const sorted = messages.map((message, index) => classify(message, rawIds[index]));
  const invalid = sorted.indexOf('invalid');
  if (invalid !== -1) {
    const which = batch ? `message ${invalid + 1} of the batch is` : 'the message is';
    return refuse(`Invalid Request: ${which} not a JSON-RPC 2.0 request, notification or response with params an object.`);
  }
  const requests = sorted.filter((message): message is RpcRequest => message !== 'accepted' && message !== 'invalid');
  const initializes = requests.some((message) => message.method === 'initialize');
  if (initializes && messages.length > 1) return refuse('Invalid Request: initialize must be sent alone.');
  const calls = requests.filter((request) => request.method === 'tools/call');
  if (calls.length > MAX_TOOL_CALLS_PER_BATCH) {
    return refuse(
      `Invalid Request: a batch holds at most ${MAX_TOOL_CALLS_PER_BATCH} tools/call requests; this one holds ${calls.length}.`,
    );
  }
  // One request scans at most MAX_TEXT_UNITS, however many calls carry the text.
  const units = calls.reduce((sum, request) => sum + textUnitsOf(request.params), 0);
  if (calls.length > 1 && units > MAX_TEXT_UNITS) {
    return refuse(
      `Invalid Request: the texts of one batch must be at most ${MAX_TEXT_UNITS} UTF-16 units together; this one has ${units}.`,
    );
  }
  return { ok: true, batch, requests, initializes, toolCalls: calls.length };
}

/** UTF-16 units of the `text` argument of a tools/call, 0 when it has none. */
function textUnitsOf(params: JsonObject): number {
  const text = isObject(params.arguments) ? params.arguments.text : undefined;
  return typeof text === 'string' ? text.length : 0;
}

/** Whether a client's named protocol revision (the MCP-Protocol-Version header) is one this server speaks. */
export function isSupportedProtocolVersion(version: string): boolean {
  return (MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/**
 * The tools/call result for one dispatched call, with the data once. From
 * revision 2025-06-18 on, the data is structuredContent (it fits the tool's
 * outputSchema) and the text block only points to it: the spec's advice to
 * repeat the JSON as text is a SHOULD for backwards compatibility, and the
 * copy doubled every answer. Earlier revisions have no structuredContent, so
 * there the data is the JSON text. An error becomes `isError: true` with
 * `{ "error": { code, message } }` as text: structuredContent must fit the
 * outputSchema, which describes results, and MCP clients check it.
 */
function toCallToolResult(result: WritingToolResult, protocolVersion: string): JsonObject {
  if (!result.ok) return { content: [{ type: 'text', text: JSON.stringify({ error: result.error }) }], isError: true };
  const data = result.data as JsonObject;
  if (protocolVersion < STRUCTURED_CONTENT_SINCE) return { content: [{ type: 'text', text: JSON.stringify(data) }] };
  return { content: [{ type: 'text', text: STRUCTURED_CONTENT_POINTER }], structuredContent: data };
}

/** The text block of a result sent as structuredContent. */
export const STRUCTURED_CONTENT_POINTER = "The result is this call's structuredContent, a JSON object that fits the tool's outputSchema.";

/** What answering depends on besides the messages: the protocol revision in force. */
export interface McpAnswerContext {
  /** The revision initialize settled on, or the one an HTTP client names (ASSUMED_PROTOCOL_VERSION when none). */
  readonly protocolVersion: string;
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
async function answer(request: RpcRequest, options: McpServerOptions, context: McpAnswerContext): Promise<McpAnswer> {
  const { id, method, params } = request;
  const result = (value: JsonObject): McpAnswer => ({ jsonrpc: '2.0', id, result: value });
  const error = (code: number, message: string): McpAnswer => ({ jsonrpc: '2.0', id, error: { code, message } });
  switch (method) {
    case 'initialize': {
      if (typeof params.protocolVersion !== 'string')
        return error(JSON_RPC_ERRORS.invalidParams, 'Invalid params: initialize needs params.protocolVersion, a string.');
      const asked = params.protocolVersion;
      return result({
        protocolVersion: isSupportedProtocolVersion(asked) ? asked : MCP_PROTOCOL_VERSIONS[0],
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
      if (typeof params.name !== 'string')
        return error(JSON_RPC_ERRORS.invalidParams, 'Invalid params: tools/call needs params.name, a string.');
      // A misspelt `arguments` would otherwise run the tool on its defaults.
      const unknown = Object.keys(params).find((key) => !TOOLS_CALL_PARAMS.has(key));
      if (unknown !== undefined) {
        return error(JSON_RPC_ERRORS.invalidParams, `Invalid params: tools/call takes name, arguments and _meta, not ${echo(unknown)}.`);
      }
      // MCP leaves `arguments` out for a call without any; that is the empty object. A key that
      // is present keeps its raw value (null, an array, `__proto__` inside) for the dispatcher to judge.
      const args = Object.hasOwn(params, 'arguments') ? params.arguments : {};
      try {
        return result(toCallToolResult(await options.dispatch({ name: params.name, arguments: args }), context.protocolVersion));
      } catch {
        // The dispatcher answers every refusal itself; this is a fault of the host.
        return error(JSON_RPC_ERRORS.internalError, 'Internal error: the tool call failed unexpectedly.');
      }
    }
    default:
      return error(
        JSON_RPC_ERRORS.methodNotFound,
        `Method not found: ${echo(method)}. This server answers initialize, ping, tools/list and tools/call.`,
      );
  }
}

/**
 * The JSON text answering sorted messages: one answer, an array of them for a
 * batch, or undefined when the messages hold no request (notifications and
 * responses are accepted without an answer). Each answer carries its
 * request's id exactly as sent.
 */
export async function answerMcpMessages(
  messages: Extract<McpMessages, { ok: true }>,
  options: McpServerOptions,
  context: McpAnswerContext,
): Promise<string | undefined> {
  if (messages.requests.length === 0) return undefined;
  const answers = await Promise.all(
    messages.requests.map(async (request) => withRawId(await answer(request, options, context), request.rawId)),
  );
  return messages.batch ? `[${answers.join(',')}]` : answers[0];
}

/** An answer's JSON with `id` written as the request's own text. */
function withRawId(answered: McpAnswer, rawId: string): string {
  const { jsonrpc, id: _id, ...rest } = answered;
  return `{"jsonrpc":${JSON.stringify(jsonrpc)},"id":${rawId},${JSON.stringify(rest).slice(1)}`;
}
