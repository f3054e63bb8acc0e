// The routes agents reach besides POST /v1/dispatch: the provider tool formats
// on GET /v1/tools?format= and the OpenAPI document, serving the same
// descriptors as the HTTP API. MCP at /mcp is its own module (mcp.ts).
import type { Hono, MiddlewareHandler } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import { buildOpenApiDocument } from '../../core/openapi/index';
import { SUPPORTED_TOOL_FORMATS, isToolFormat, projectTools, type ToolFormat } from '../../core/projections/index';
import type { AppEnv } from '../env';
import { ApiError, statusFor, type OutcomeCode } from '../errors';
import type { ToolDispatcher } from './dispatch';
import { TOOLS_MAX_AGE_SECONDS } from './tools';

/** What the agent routes need from the app factory. */
export interface AgentRouteOptions {
  readonly apiToken: string | undefined;
  readonly dispatcher: ToolDispatcher;
}

const JSON_TYPE = { 'Content-Type': 'application/json; charset=UTF-8' };

function lazyJson(build: () => unknown): () => string {
  let body: string | undefined;
  return () => (body ??= JSON.stringify(build()));
}

/**
 * Serves `?format=` on GET /v1/tools and passes a request without it on to
 * the descriptor route, so register it before that route.
 */
function providerToolsHandler(shared: boolean): MiddlewareHandler<AppEnv> {
  const bodies = new Map<ToolFormat, () => string>(
    SUPPORTED_TOOL_FORMATS.map((format) => [
      format,
      lazyJson(() => ({ catalogueVersion, format, tools: projectTools(format, writingReviewTools) })),
    ]),
  );
  const cacheControl = `${shared ? 'public' : 'private'}, max-age=${TOOLS_MAX_AGE_SECONDS}`;
  return async function providerTools(c, next) {
    const format = c.req.query('format');
    if (format === undefined) return next();
    if (!isToolFormat(format)) {
      throw new ApiError(
        'invalid-request',
        `format must be one of ${SUPPORTED_TOOL_FORMATS.join(', ')}; leave it out for the provider-neutral descriptors.`,
      );
    }
    c.header('Cache-Control', cacheControl);
    return c.body(bodies.get(format)!(), 200, JSON_TYPE);
  };
}

/**
 * Registers GET /openapi.json and the `format` query of GET /v1/tools. Call
 * it after the `/v1/*` bearer middleware and before the GET /v1/tools route.
 */
export function registerAgentRoutes(app: Hono<AppEnv>, { apiToken }: AgentRouteOptions): void {
  app.get('/v1/tools', providerToolsHandler(apiToken === undefined));

  const openApi = lazyJson(() =>
    buildOpenApiDocument({
      tools: writingReviewTools,
      catalogueVersion,
      statusFor: (code) => statusFor(code as OutcomeCode),
    }),
  );
  app.get('/openapi.json', (c) => {
    c.header('Cache-Control', `public, max-age=${TOOLS_MAX_AGE_SECONDS}`);
    return c.body(openApi(), 200, JSON_TYPE);
  });
}
