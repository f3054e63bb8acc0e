// POST /v1/dispatch: a JSON tool call in, the dispatcher's envelope out, with
// the status that mirrors it (CONTRACT section 8). Media type and size are
// checked by middleware before this handler parses anything.
import type { Handler } from 'hono';
import type { WritingToolResult } from '../../core/types';
import type { AppEnv } from '../env';
import { ApiError, statusFor } from '../errors';
import { parseJsonBody } from '../json-body';
import { recordToolCall } from '../middleware/request-log';

/** The part of the core dispatcher the route uses. */
export interface ToolDispatcher {
  dispatch(call: unknown): Promise<WritingToolResult>;
}

/** Handler that dispatches the parsed body and answers with the envelope. */
export function dispatchHandler(dispatcher: ToolDispatcher): Handler<AppEnv> {
  return async function dispatchCall(c) {
    const call = parseJson(c.get('body'));
    const result = await dispatcher.dispatch(call);
    recordToolCall(c, isRecord(call) && typeof call.name === 'string' ? { name: call.name, arguments: call.arguments } : { name: '' }, result);
    return c.json(result, statusFor(result.ok ? 'ok' : result.error.code));
  };
}

function parseJson(bytes: Uint8Array): unknown {
  const parsed = parseJsonBody(bytes);
  if (parsed.ok) return parsed.value;
  throw new ApiError('invalid-request', 'The request body must be a JSON object such as {"name": "get_writing_rules", "arguments": {}} in UTF-8.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
