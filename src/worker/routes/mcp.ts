// POST /mcp (other methods answer 405): the MCP face of the same dispatcher.
// Only the shipped entry (index.ts) mounts it, so a build that leaves MCP out
// (the bundle benchmark) carries none of the MCP SDK.
import type { Hono } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { AppEnv } from '../env';
import { handleMcpRequest } from '../mcp/handle-mcp-request';
import { mcpMethodNotAllowed } from '../mcp/method-not-allowed';
import { bearerAuth } from '../middleware/bearer-auth';
import { readBodyWithin } from '../middleware/body-limit';
import { ApiError } from '../errors';
import { parseJsonBody } from '../json-body';
import { recordToolCall } from '../middleware/request-log';
import type { AgentRouteOptions } from './agents';

/** Registers POST /mcp behind the bearer token when the host set one. */
export function registerMcpRoute(app: Hono<AppEnv>, { apiToken, dispatcher }: AgentRouteOptions): void {
  if (apiToken !== undefined) app.use('/mcp', bearerAuth(apiToken));
  app.post('/mcp', async (c) => {
    const bytes = await readBodyWithinOrJsonRpcError(c.req.raw);
    if (bytes instanceof Response) return bytes;
    // The body was read within the limit; the SDK gets it back, parsed where it
    // is JSON (so tools/call sees the arguments as sent) and raw where it is not
    // (so the SDK answers its own JSON-RPC parse error).
    const parsed = parseJsonBody(bytes);
    return handleMcpRequest(new Request(c.req.raw, { body: bytes }), {
      tools: writingReviewTools,
      version: catalogueVersion,
      // Records the called tool and its outcome in the request log, as /v1/dispatch does.
      dispatch: async (call) => {
        const result = await dispatcher.dispatch(call);
        recordToolCall(c, call, result);
        return result;
      },
    }, parsed.ok ? parsed.value : undefined);
  });
  app.all('/mcp', () => mcpMethodNotAllowed());
}

/** The body within 1 MiB, or the 413 an MCP client reads: a JSON-RPC error. */
async function readBodyWithinOrJsonRpcError(request: Request): Promise<Uint8Array | Response> {
  try {
    return await readBodyWithin(request);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ jsonrpc: '2.0', error: { code: -32600, message: error.message }, id: null }, { status: 413 });
  }
}
