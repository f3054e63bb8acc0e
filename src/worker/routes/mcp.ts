// POST /mcp (other methods answer 405): the MCP face of the same dispatcher.
// Only the shipped entry (index.ts) mounts it, so a build that leaves MCP out
// (the bundle benchmark) carries none of the MCP SDK.
import type { Hono } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { AppEnv } from '../env';
import { handleMcpRequest } from '../mcp/handle-mcp-request';
import { mcpMethodNotAllowed } from '../mcp/method-not-allowed';
import { bearerAuth } from '../middleware/bearer-auth';
import type { AgentRouteOptions } from './agents';

/** Registers POST /mcp behind the bearer token when the host set one. */
export function registerMcpRoute(app: Hono<AppEnv>, { apiToken, dispatcher }: AgentRouteOptions): void {
  if (apiToken !== undefined) app.use('/mcp', bearerAuth(apiToken));
  app.post('/mcp', (c) =>
    handleMcpRequest(c.req.raw, {
      tools: writingReviewTools,
      version: catalogueVersion,
      // Records the called tool and its outcome in the request log, as /v1/dispatch does.
      dispatch: async (call) => {
        c.set('tool', call.name);
        const result = await dispatcher.dispatch(call);
        c.set('outcome', result.ok ? 'ok' : result.error.code);
        return result;
      },
    }),
  );
  app.all('/mcp', () => mcpMethodNotAllowed());
}
