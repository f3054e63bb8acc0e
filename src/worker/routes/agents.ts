// The routes agents reach besides POST /v1/dispatch: the provider tool formats
// on GET /v1/tools?format= and the OpenAPI document, serving the same
// descriptors as the HTTP API. MCP at /mcp is its own module (mcp.ts).
import type { Hono, MiddlewareHandler } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import { SUPPORTED_TOOL_FORMATS, isToolFormat, projectTools } from '../../core/projections/index';
import type { AppEnv } from '../env';
import { ApiError, methodNotAllowed } from '../errors';
import { buildOpenApiDocument } from '../openapi/document';
import { bearerAuth } from '../middleware/bearer-auth';
import type { ToolDispatcher } from './dispatch';
import { fixedJsonAnswer, toolsCacheControl } from './tools';

/** What the agent routes need from the app factory. */
export interface AgentRouteOptions {
  readonly apiToken: string | undefined;
  readonly dispatcher: ToolDispatcher;
}

/**
 * Serves `?format=` on GET /v1/tools and passes a request without it on to
 * the descriptor route, so register it before that route. Each format's body
 * gets its own strong ETag and 304, like the descriptor list.
 */
function providerToolsHandler(shared: boolean): MiddlewareHandler<AppEnv> {
  const cacheControl = toolsCacheControl(shared);
  const answers = new Map(
    SUPPORTED_TOOL_FORMATS.map((format) => [
      format,
      fixedJsonAnswer(() => JSON.stringify({ catalogueVersion, format, tools: projectTools(format, writingReviewTools) }), cacheControl),
    ]),
  );
  return async function providerTools(c, next) {
    const format = c.req.query('format');
    if (format === undefined) return next();
    if (!isToolFormat(format)) {
      throw new ApiError(
        'invalid-request',
        `format must be one of ${SUPPORTED_TOOL_FORMATS.join(', ')}; leave it out for the provider-neutral descriptors.`,
      );
    }
    return answers.get(format)!(c);
  };
}

/**
 * Registers GET /openapi.json (behind the bearer token when the host set one,
 * as it carries the same descriptors as GET /v1/tools) and the `format` query
 * of GET /v1/tools. Call it after the `/v1/*` bearer middleware and before the
 * GET /v1/tools route.
 */
export function registerAgentRoutes(app: Hono<AppEnv>, { apiToken }: AgentRouteOptions): void {
  const shared = apiToken === undefined;
  app.get('/v1/tools', providerToolsHandler(shared));

  if (apiToken !== undefined) app.use('/openapi.json', bearerAuth(apiToken));
  const openApi = fixedJsonAnswer(
    () =>
      JSON.stringify(
        buildOpenApiDocument({ tools: writingReviewTools, catalogueVersion }),
      ),
    toolsCacheControl(shared),
  );
  app.get('/openapi.json', (c) => openApi(c));
  app.all('/openapi.json', methodNotAllowed('GET, HEAD'));
}
