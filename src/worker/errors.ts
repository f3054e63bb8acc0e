// The one place that turns an outcome code into an HTTP status and an error
// envelope. Routes and middleware throw `ApiError`; app.ts maps it here.
import type { Context } from 'hono';
import type { WritingToolErrorCode } from '../core/types';

/** Codes the HTTP layer adds to the dispatcher's own codes. */
export type HttpErrorCode =
  | 'invalid-request'
  | 'unauthorized'
  | 'not-found'
  | 'method-not-allowed'
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
  'not-found': 404,
  'method-not-allowed': 405,
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

/** The HTTP status that mirrors an envelope's outcome (CONTRACT section 8). */
export function statusFor(code: OutcomeCode): OutcomeStatus {
  return STATUS_BY_CODE[code];
}

/** A refusal of the HTTP layer, answered as an error envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly tool = '',
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Answers any thrown value with the error envelope; unknown errors stay opaque. */
export function errorResponse(c: Context, err: unknown): Response {
  const apiError =
    err instanceof ApiError ? err : new ApiError('internal-error', 'The server failed to answer this request.');
  c.set('outcome', apiError.code);
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  return c.json(
    { ok: false, tool: apiError.tool, error: { code: apiError.code, message: apiError.message } },
    statusFor(apiError.code),
  );
}

/** A handler that refuses its method with 405 `method-not-allowed` and `Allow: allow`. */
export function methodNotAllowed(allow: string): () => never {
  return () => {
    throw new ApiError('method-not-allowed', `This endpoint accepts ${allow} only.`, '', { Allow: allow });
  };
}
