// The error codes each HTTP operation can answer with, by operation. The codes
// beyond the dispatcher's own are the Worker's HTTP-layer codes; the status of
// every code comes from the Worker's mapping, handed to the document builder.

/** Codes the HTTP layer itself answers on any route behind the bearer token. */
const GUARDED = ['unauthorized', 'internal-error', 'invalid-config'] as const;

/** Error codes per operation, keyed by `METHOD path`. */
export const OPERATION_ERROR_CODES = {
  'GET /v1/tools': ['invalid-request', ...GUARDED],
  'POST /v1/dispatch': [
    'unknown-tool',
    'invalid-arguments',
    'invalid-request',
    'body-too-large',
    'unsupported-media-type',
    'context-missing',
    'host-evidence-failed',
    'invalid-host-evidence',
    ...GUARDED,
  ],
  'GET /healthz': ['internal-error', 'invalid-config'],
  'POST /mcp': [...GUARDED],
  'GET /openapi.json': ['internal-error', 'invalid-config'],
} as const satisfies Record<string, readonly string[]>;
