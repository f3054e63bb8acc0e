// MCP over Streamable HTTP, stateless, answered in JSON: each POST carries one
// JSON-RPC message (or a batch) and gets every answer in one JSON body; no
// session, no server-to-client stream. This file is the HTTP side: the
// Origin, Accept, Content-Type and MCP-Protocol-Version checks and the status
// codes. The JSON-RPC side (src/mcp/json-rpc.ts) is shared with the stdio
// server; the tests drive both with the MCP SDK's own Client. tools/call runs
// the same dispatcher as POST /v1/dispatch.
import { echo } from '../../core/input-checks/echo';
import {
  ASSUMED_PROTOCOL_VERSION,
  answerMcpMessages,
  isSupportedProtocolVersion,
  JSON_RPC_ERRORS,
  MCP_PROTOCOL_VERSIONS,
  type McpServerOptions,
  PARSE_ERROR,
  parseMcpMessages,
} from '../../mcp/json-rpc';
import { ApiError, type HttpErrorCode } from '../errors';
import { bodyEncodingProblem, isJsonMediaType } from '../middleware/request-body';

/** What the MCP endpoint needs from the Worker. */
export interface McpEndpointOptions extends McpServerOptions {
  /** Browser origins allowed besides the Worker's own (CORS_ORIGINS). */
  readonly allowedOrigins: readonly string[];
  /**
   * Charges the caller's tool-call budget for the tool runs of a request
   * beyond the first, which the rate limit charged; throws the 429 when spent.
   */
  readonly chargeToolCalls: (extraRuns: number) => Promise<void>;
}

/** The request body as the route read it: its text when it is UTF-8, else undefined. */
export type McpBody = string | undefined;

/**
 * An HTTP refusal, thrown for the app's error handler: it logs the outcome
 * and answers a JSON-RPC error without an id, as the transport spec has it.
 */
function refuse(
  code: HttpErrorCode,
  message: string,
  jsonRpcCode: number = JSON_RPC_ERRORS.transportError,
  headers: Record<string, string> = {},
): never {
  throw new ApiError(code, message, '', headers, {}, jsonRpcCode);
}

/** Media ranges of an Accept header, lower case, without those of quality 0. */
function acceptedMediaRanges(header: string): Set<string> {
  const ranges = new Set<string>();
  for (const part of header.split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    if (range !== '' && (quality === undefined || Number(quality.slice(2)) > 0)) ranges.add(range);
  }
  return ranges;
}

function accepts(ranges: ReadonlySet<string>, mediaType: string): boolean {
  return ranges.has(mediaType) || ranges.has(`${mediaType.split('/')[0]}/*`) || ranges.has('*/*');
}

/**
 * Answers one POST to /mcp (routes/mcp.ts answers the other methods) whose
 * body the route has read within the size limit. HTTP-level refusals (403,
 * 406, 415, 400, 429) are thrown as ApiError and answered as JSON-RPC errors without an id.
 */
export async function handleMcpRequest(request: Request, body: McpBody, options: McpEndpointOptions): Promise<Response> {
  // Streamable HTTP requires the Origin check against DNS rebinding: a page on a foreign origin may not drive the tools.
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && !options.allowedOrigins.includes(origin)) {
    refuse('forbidden', `Forbidden: requests from origin ${echo(origin)} are not allowed; the host lists allowed origins in CORS_ORIGINS.`);
  }
  const ranges = acceptedMediaRanges(request.headers.get('accept') ?? '');
  if (!accepts(ranges, 'application/json') || !accepts(ranges, 'text/event-stream')) {
    refuse('not-acceptable', 'Not Acceptable: the client must accept both application/json and text/event-stream.');
  }
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    refuse('unsupported-media-type', 'Unsupported Media Type: Content-Type must be application/json.');
  }
  const encoding = bodyEncodingProblem(request.headers);
  if (encoding !== undefined) {
    refuse('unsupported-media-type', `Unsupported Media Type: ${encoding}`, JSON_RPC_ERRORS.transportError, {
      'Accept-Encoding': 'identity',
    });
  }
  if (body === undefined) refuse('invalid-request', PARSE_ERROR.message, PARSE_ERROR.code);
  const messages = parseMcpMessages(body);
  if (!messages.ok) refuse('invalid-request', messages.refusal.message, messages.refusal.code);
  // After initialize, a client names the negotiated revision in this header; an unknown one is refused.
  const version = request.headers.get('mcp-protocol-version');
  if (!messages.initializes && version !== null && !isSupportedProtocolVersion(version)) {
    refuse(
      'invalid-request',
      `Bad Request: unsupported protocol version ${echo(version)} (supported: ${MCP_PROTOCOL_VERSIONS.join(', ')}).`,
    );
  }
  // Every tool run costs one tool call, however many a batch carries.
  if (messages.toolCalls > 1) await options.chargeToolCalls(messages.toolCalls - 1);
  const answers = await answerMcpMessages(messages, options, { protocolVersion: version ?? ASSUMED_PROTOCOL_VERSION });
  // Notifications and responses alone are accepted without a body.
  if (answers === undefined) return new Response(null, { status: 202 });
  return new Response(answers, { headers: { 'Content-Type': 'application/json' } });
}
