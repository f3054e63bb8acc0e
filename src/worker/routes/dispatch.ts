// POST /v1/dispatch: a JSON tool call in, the dispatcher's envelope out, with
// the status that mirrors it (docs/api-reference.md#errors). Media type and size are
// checked by middleware before this handler parses anything.
import { Hono } from 'hono/tiny';
import type { WritingToolResult } from '../../core/dispatch/types';
import type { AppEnv } from '../env';
import { ApiError, statusFor } from '../errors';
import { limitBody, readJsonBody, requireJsonMediaType } from '../middleware/request-body';
import { recordToolCall } from '../middleware/request-log';

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
      throw new ApiError(
        'invalid-request',
        'The request body must be a JSON object such as {"name": "get_writing_rules", "arguments": {}} in UTF-8.',
      );
    }
    const call = json.value;
    const result = await dispatcher.dispatch(call);
    recordToolCall(
      c,
      isRecord(call) && typeof call.name === 'string' ? { name: call.name, arguments: call.arguments } : { name: '' },
      result,
    );
    return c.json(result, statusFor(result.ok ? 'ok' : result.error.code));
  });
  return routes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
