// MCP over Streamable HTTP, stateless, answered in JSON: each POST carries one
// JSON-RPC message (or a batch) and gets every answer in one JSON body; no
// session, no server-to-client stream. This file is the HTTP side: the status
// codes and the Accept, Content-Type and MCP-Protocol-Version checks. The
// JSON-RPC side (src/mcp/json-rpc.ts) is shared with the stdio server; the
// tests drive both with the MCP SDK's own Client. tools/call runs the same
// dispatcher as POST /v1/dispatch.
import { echo } from '../../core/echo';
import {
  answerMcpMessages,
  isSupportedProtocolVersion,
  JSON_RPC_ERRORS,
  MCP_PROTOCOL_VERSIONS,
  type McpServerOptions,
  PARSE_ERROR,
  readMcpMessages,
  refusalMessage,
} from '../../mcp/json-rpc';
import { bodyEncodingProblem } from '../middleware/request-body';

/** What the MCP endpoint needs from the Worker. */
export type McpEndpointOptions = McpServerOptions;

/** The request body as the route read it: its JSON value, or not JSON in UTF-8. */
export type McpBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** An HTTP refusal with a JSON-RPC error that names no request (`id: null`), as the transport spec has it. */
function refusal(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(refusalMessage({ code, message }), { status, headers });
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
    return refusal(406, JSON_RPC_ERRORS.transportError, 'Not Acceptable: the client must accept both application/json and text/event-stream.');
  }
  if (mediaType(request.headers.get('content-type')) !== 'application/json') {
    return refusal(415, JSON_RPC_ERRORS.transportError, 'Unsupported Media Type: Content-Type must be application/json.');
  }
  const encoding = bodyEncodingProblem(request.headers);
  if (encoding !== undefined) {
    return refusal(415, JSON_RPC_ERRORS.transportError, `Unsupported Media Type: ${encoding}`, { 'Accept-Encoding': 'identity' });
  }
  if (!body.ok) return refusal(400, PARSE_ERROR.code, PARSE_ERROR.message);
  const messages = readMcpMessages(body.value);
  if (!messages.ok) return refusal(400, messages.refusal.code, messages.refusal.message);
  // After initialize, a client names the negotiated revision in this header; an unknown one is refused.
  const version = request.headers.get('mcp-protocol-version');
  if (!messages.initializes && version !== null && !isSupportedProtocolVersion(version)) {
    return refusal(
      400,
      JSON_RPC_ERRORS.transportError,
      `Bad Request: unsupported protocol version ${echo(version)} (supported: ${MCP_PROTOCOL_VERSIONS.join(', ')}).`,
    );
  }
  const answers = await answerMcpMessages(messages, options);
  // Notifications and responses alone are accepted without a body.
  return answers === undefined ? new Response(null, { status: 202 }) : Response.json(answers);
}
