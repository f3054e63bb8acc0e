// The one place that turns an outcome code into an HTTP status and an error
// envelope. Routes and middleware throw `ApiError` (an `HTTPException`); the
// app's one error handler answers it, and any other `HTTPException` (hono's
// own middleware), here.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { WritingToolErrorCode } from '../core/dispatch/types';

/** Codes the HTTP layer adds to the dispatcher's own codes. */
export type HttpErrorCode =
  | 'invalid-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'not-acceptable'
  | 'body-too-large'
  | 'unsupported-media-type'
  | 'rate-limited'
  | 'invalid-config'
  | 'internal-error';

export type OutcomeCode = 'ok' | WritingToolErrorCode | HttpErrorCode;

const STATUS_BY_CODE = {
  ok: 200,
  'unknown-tool': 400,
  'invalid-arguments': 400,
  'invalid-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'not-acceptable': 406,
  'body-too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  'invalid-config': 500,
  'internal-error': 500,
  'host-evidence-failed': 502,
  'invalid-host-evidence': 502,
  'context-missing': 503,
} as const satisfies Record<OutcomeCode, number>;

export type OutcomeStatus = (typeof STATUS_BY_CODE)[OutcomeCode];

/** The HTTP status that mirrors an envelope's outcome (docs/api-reference.md#errors). */
export function statusFor(code: OutcomeCode): OutcomeStatus {
  return STATUS_BY_CODE[code];
}

/** A refusal of the HTTP layer, answered as an error envelope with the status of its code. */
export class ApiError extends HTTPException {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly tool = '',
    readonly headers: Readonly<Record<string, string>> = {},
    /** Further fields for the JSON-RPC error `data` on /mcp (the 429's `retryAfterSeconds`). */
    readonly data: Readonly<Record<string, unknown>> = {},
    /** The JSON-RPC error code on /mcp, when not the transport's -32000 (a parse error's -32700, say). */
    readonly jsonRpcCode?: number,
  ) {
    super(statusFor(code), { message });
    this.name = 'ApiError';
  }
}

/** The code of an `HTTPException` status that hono's middleware may throw. */
const CODE_BY_STATUS: Readonly<Partial<Record<number, HttpErrorCode>>> = {
  400: 'invalid-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'body-too-large',
  415: 'unsupported-media-type',
};

/** The MCP endpoint, whose refusals are JSON-RPC errors. */
const MCP_PATH = '/mcp';
/** JSON-RPC's code for a request that is not valid (a body over the limit), and its first server-defined code, which MCP's transport uses for HTTP-level refusals. */
const JSON_RPC_INVALID_REQUEST = -32600;
const JSON_RPC_SERVER_ERROR = -32000;

const INTERNAL_ERROR_MESSAGE = 'The server failed to answer this request.';

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = err instanceof HTTPException ? CODE_BY_STATUS[err.status] : undefined;
  if (code === undefined) return new ApiError('internal-error', INTERNAL_ERROR_MESSAGE);
  // Hono's own messages are plain ("Payload Too Large"); keep them, or name the status when there is none.
  return new ApiError(code, (err as HTTPException).message || `The request was refused with HTTP status ${(err as HTTPException).status}.`);
}

/**
 * Answers any thrown value with the error envelope. An `HTTPException` keeps
 * its status where the API has a code for it; anything else is a 500 whose
 * details stay in the Worker, never in the answer.
 */
export function errorResponse(c: Context, err: unknown): Response {
  const apiError = toApiError(err);
  c.set('outcome', apiError.code);
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  // An MCP client reads every answer of /mcp as JSON-RPC: the same refusal, as an error without an id.
  if (c.req.path === MCP_PATH) {
    const code = apiError.jsonRpcCode ?? (apiError.code === 'body-too-large' ? JSON_RPC_INVALID_REQUEST : JSON_RPC_SERVER_ERROR);
    return c.json(
      { jsonrpc: '2.0', error: { code, message: apiError.message, data: { code: apiError.code, ...apiError.data } }, id: null },
      statusFor(apiError.code),
    );
  }
  return c.json({ ok: false, tool: apiError.tool, error: { code: apiError.code, message: apiError.message } }, statusFor(apiError.code));
}
