// POST /v1/dispatch: a JSON tool call in, the dispatcher's envelope out, with
// the status that mirrors it (docs/api-reference.md#errors). Media type and size are
// checked by middleware before this handler parses anything.
import { Hono } from 'hono/tiny';
import type { WritingToolResult } from '../../core/types';
import type { AppEnv } from '../env';
import { ApiError, statusFor } from '../errors';
import { limitBody, readJsonBody, requireJsonMediaType } from '../middleware/request-body';

/** The part of the core dispatcher the routes use. */
export interface ToolDispatcher {
  dispatch(call: unknown): Promise<WritingToolResult>;
}

/** The dispatch route over `dispatcher`. */
export function dispatchRoutes(dispatcher: ToolDispatcher): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/v1/dispatch', requireJsonMediaType(), limitBody(), async (c) => {
    const { json } = await readJsonBody(c);
    if (!json.ok) {
      throw new ApiError('invalid-request', 'The request body must be a JSON object such as {"name": "get_writing_rules", "arguments": {}} in UTF-8.');
    }
    const call = json.value;
    if (isRecord(call) && typeof call.name === 'string') c.set('tool', call.name);
    const result = await dispatcher.dispatch(call);
    const outcome = result.ok ? 'ok' : result.error.code;
    c.set('outcome', outcome);
    return c.json(result, statusFor(outcome));
  });
  return routes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
