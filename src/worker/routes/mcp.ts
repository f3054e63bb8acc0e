// POST /mcp: the MCP face of the same dispatcher (mcp/handle-mcp-request.ts).
// Other methods answer 405 as JSON-RPC. Only the shipped entry (index.ts)
// mounts it, so a build that leaves MCP out (the bundle benchmark) carries none
// of it.
import { Hono } from 'hono/tiny';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { HostConfig } from '../config';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { handleMcpRequest } from '../mcp/handle-mcp-request';
import { limitBody, readJsonBody } from '../middleware/request-body';
import { recordToolCall } from '../middleware/request-log';
import type { ToolDispatcher } from './dispatch';

/** The MCP route over `dispatcher`; app.ts puts it behind the bearer token when the host set one. */
export function mcpRoutes(dispatcher: ToolDispatcher, config: Pick<HostConfig, 'corsOrigins'>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Refusals of /mcp (this 413, the 405 below, the token's 401, the 429) are
  // JSON-RPC errors: errorResponse answers every ApiError on this path so.
  routes.post('/mcp', limitBody(), async (c) => {
    // Read within the limit and parsed once, so tools/call sees the arguments exactly as sent.
    const { text } = await readJsonBody(c);
    return handleMcpRequest(c.req.raw, text, {
      tools: writingReviewTools,
      version: catalogueVersion,
      allowedOrigins: config.corsOrigins,
      chargeToolCalls: (extraRuns) => c.get('chargeToolCalls')(extraRuns),
      // Records the called tool and its outcome in the request log, as /v1/dispatch does.
      dispatch: async (call) => {
        const result = await dispatcher.dispatch(call);
        recordToolCall(c, call, result);
        return result;
      },
    });
  });
  // The endpoint is stateless: it opens no server-to-client stream (GET) and
  // keeps no session to end (DELETE), which Streamable HTTP lets a server refuse with 405.
  routes.all('/mcp', () => {
    throw new ApiError('method-not-allowed', 'Method not allowed: this MCP endpoint is stateless and answers POST only.', '', {
      Allow: 'POST',
    });
  });
  return routes;
}
