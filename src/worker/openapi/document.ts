// Builds the OpenAPI 3.1 document of the HTTP API from the same tool
// descriptors the API serves: per tool one request schema, the dispatch body
// `{ name: <const>, arguments: <its inputSchema> }`, and one response schema,
// the success envelope `{ ok: true, tool: <const>, data: <its outputSchema> }`;
// every error status carries the envelope with the codes it can hold.
import type { WritingToolDescriptor } from '../../core/dispatch/types';
import { SUPPORTED_TOOL_FORMATS } from '../../core/projections/index';
import { statusFor, type OutcomeCode } from '../errors';
import { ENVELOPE_SCHEMAS } from './envelope-schemas';

/** A tool as the document needs it; `writingReviewTools` entries fit. */
export type DocumentedTool = Pick<WritingToolDescriptor, 'title' | 'description' | 'inputSchema' | 'outputSchema'> & {
  readonly name: string;
};

export interface OpenApiInput {
  readonly tools: readonly DocumentedTool[];
  readonly catalogueVersion: string;
}

/** Codes the HTTP layer itself answers on any route behind the bearer token. */
const GUARDED = ['unauthorized', 'internal-error', 'invalid-config'] as const;

/**
 * The error codes each HTTP operation can answer with, keyed by `METHOD path`.
 * Typed against the Worker's outcome codes, so a code without a status does
 * not compile, and each status comes from the same mapping the routes answer with.
 */
export const OPERATION_ERROR_CODES = {
  'GET /v1/tools': ['invalid-request', 'rate-limited', ...GUARDED],
  'POST /v1/dispatch': [
    'unknown-tool',
    'invalid-arguments',
    'invalid-request',
    'body-too-large',
    'unsupported-media-type',
    'context-missing',
    'host-evidence-failed',
    'invalid-host-evidence',
    'rate-limited',
    ...GUARDED,
  ],
  'GET /healthz': ['internal-error', 'invalid-config'],
  'POST /mcp': ['invalid-request', 'forbidden', 'not-acceptable', 'body-too-large', 'unsupported-media-type', ...GUARDED],
  'GET /openapi.json': ['rate-limited', 'internal-error', 'invalid-config'],
} as const satisfies Record<string, readonly Exclude<OutcomeCode, 'ok'>[]>;

type Operation = keyof typeof OPERATION_ERROR_CODES;

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad request: the call or the request is invalid.',
  401: 'The host set a token and the request lacks `Authorization: Bearer <token>`.',
  403: 'The request comes from a browser origin the host does not list in CORS_ORIGINS.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'The client does not accept both `application/json` and `text/event-stream`.',
  413: 'The body is over 1 MiB; refused before it is parsed.',
  415: 'The body is not `application/json`.',
  429: 'The caller has spent its budget (rate limit); `Retry-After` gives the seconds to wait.',
  500: 'The Worker failed, or its configuration is invalid.',
  502: "The host's evidence failed or is invalid.",
  503: 'The host gave no review context.',
};

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function errorResponses(operation: Operation): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const code of OPERATION_ERROR_CODES[operation]) {
    const status = statusFor(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `${REASONS[status] ?? 'Error.'} Codes: ${codes.join(', ')}.`,
      ...(status === 429 ? { headers: RETRY_AFTER } : {}),
      content: json({
        allOf: [ref('ErrorEnvelope'), { properties: { error: { properties: { code: { enum: codes } } } } }],
      }),
    };
  }
  return responses;
}

function mcpRefusal(operationId: string, summary: string): Record<string, unknown> {
  return {
    operationId,
    summary,
    responses: { '405': { description: 'Only POST is served.', content: json(ref('JsonRpcMessage')) } },
  };
}

/** The request body of one tool: `<tool>.call`. */
function callSchemaName(toolName: string): string {
  return `${toolName}.call`;
}

/** The 200 answer of one tool: `<tool>.response`. */
function responseSchemaName(toolName: string): string {
  return `${toolName}.response`;
}

/** `oneOf` the per-tool schemas, told apart by `property` (the tool name). */
function byToolName(tools: readonly DocumentedTool[], property: string, schemaName: (tool: string) => string) {
  return {
    oneOf: tools.map((tool) => ref(schemaName(tool.name))),
    discriminator: {
      propertyName: property,
      mapping: Object.fromEntries(tools.map((tool) => [tool.name, `#/components/schemas/${schemaName(tool.name)}`])),
    },
  };
}

function toolSchemas(tools: readonly DocumentedTool[]): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const tool of tools) {
    schemas[`${tool.name}.arguments`] = structuredClone(tool.inputSchema);
    schemas[callSchemaName(tool.name)] = {
      type: 'object',
      title: tool.title,
      description: tool.description,
      required: ['name', 'arguments'],
      additionalProperties: false,
      properties: { name: { const: tool.name }, arguments: ref(`${tool.name}.arguments`) },
    };
    schemas[`${tool.name}.result`] = structuredClone(tool.outputSchema);
    schemas[responseSchemaName(tool.name)] = {
      type: 'object',
      description: `The success envelope of ${tool.name}.`,
      required: ['ok', 'tool', 'data'],
      additionalProperties: false,
      properties: { ok: { const: true }, tool: { const: tool.name }, data: ref(`${tool.name}.result`) },
    };
  }
  return schemas;
}

/** The OpenAPI 3.1 document of the Worker's HTTP API. */
export function buildOpenApiDocument({ tools, catalogueVersion }: OpenApiInput): Record<string, unknown> {
  const bearer = [{ bearerAuth: [] }, {}];
  const errors = errorResponses;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Writing rules API',
      version: catalogueVersion,
      description:
        'Read-only writing-review tools for AI agents. The version is the catalogue version. ' +
        'Operations marked with bearerAuth need the token only when the host set API_TOKEN.',
    },
    servers: [{ url: '/' }],
    paths: {
      '/v1/tools': {
        get: {
          operationId: 'listTools',
          summary: 'The tool descriptors, or their projection into a provider tool format',
          security: bearer,
          parameters: [
            {
              name: 'format',
              in: 'query',
              required: false,
              description: 'Leave out for the provider-neutral descriptors.',
              schema: { type: 'string', enum: [...SUPPORTED_TOOL_FORMATS] },
            },
            { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'Descriptors (no `format`) or provider tools (with `format`).',
              headers: { ETag: { description: 'Strong validator of the descriptor list.', schema: { type: 'string' } } },
              content: json({ oneOf: [ref('ToolList'), ref('ProviderToolList')] }),
            },
            '304': { description: 'The descriptor list still matches `If-None-Match`.' },
            ...errors('GET /v1/tools'),
          },
        },
      },
      '/v1/dispatch': {
        post: {
          operationId: 'dispatchTool',
          summary: 'Run one tool call and answer with its envelope',
          security: bearer,
          requestBody: {
            required: true,
            content: json(byToolName(tools, 'name', callSchemaName)),
          },
          responses: {
            '200': {
              description: 'The tool answered: its success envelope, `tool` naming the tool.',
              content: json(byToolName(tools, 'tool', responseSchemaName)),
            },
            ...errors('POST /v1/dispatch'),
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'health',
          summary: 'Liveness, the catalogue version and the deployment version; never rate limited',
          responses: { '200': { description: 'Alive.', content: json(ref('Health')) }, ...errors('GET /healthz') },
        },
      },
      '/mcp': {
        post: {
          operationId: 'mcp',
          summary: 'Model Context Protocol over Streamable HTTP, stateless, JSON responses',
          security: bearer,
          requestBody: {
            required: true,
            content: json({ oneOf: [ref('JsonRpcMessage'), { type: 'array', items: ref('JsonRpcMessage') }] }),
          },
          responses: {
            '200': { description: 'JSON-RPC response(s).', content: json(ref('JsonRpcMessage')) },
            '202': { description: 'Notifications accepted.' },
            '429': {
              description: 'The caller has spent its tool-call budget: a JSON-RPC error.',
              headers: RETRY_AFTER,
              content: json(ref('JsonRpcMessage')),
            },
            ...errors('POST /mcp'),
          },
        },
        get: mcpRefusal('mcpOpenStream', 'No server-to-client stream: the endpoint is stateless'),
        delete: mcpRefusal('mcpEndSession', 'No session to end: the endpoint is stateless'),
      },
      '/openapi.json': {
        get: {
          operationId: 'openApiDocument',
          summary: 'This document',
          responses: {
            '200': { description: 'OpenAPI 3.1 document.', content: json({ type: 'object' }) },
            ...errors('GET /openapi.json'),
          },
        },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { ...structuredClone(ENVELOPE_SCHEMAS), ...toolSchemas(tools) },
    },
  };
}
