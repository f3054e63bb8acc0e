// JSON Schemas of what the HTTP API answers besides tool results: the error
// envelope (docs/api-reference.md#the-envelope), the descriptor list and the
// health check. The OpenAPI document refers to these by name under
// components/schemas; each tool's success envelope is built from its descriptor.

const descriptor = {
  type: 'object',
  required: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string', maxLength: 60, description: 'One plain line a person reads, at most 60 UTF-16 units.' },
    description: { type: 'string' },
    inputSchema: { type: 'object', description: 'JSON Schema 2020-12 of the arguments.' },
    outputSchema: { type: 'object', description: 'JSON Schema 2020-12 of the success envelope’s data.' },
    annotations: {
      type: 'object',
      required: ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'],
      properties: {
        readOnlyHint: { const: true },
        destructiveHint: { const: false },
        idempotentHint: { const: true },
        openWorldHint: { const: false },
      },
    },
  },
} as const;

/** Component schemas shared by every operation, keyed by component name. */
export const ENVELOPE_SCHEMAS = {
  ErrorEnvelope: {
    type: 'object',
    required: ['ok', 'tool', 'error'],
    additionalProperties: false,
    properties: {
      ok: { const: false },
      tool: { type: 'string', description: 'The requested tool name; empty when there is none.' },
      error: {
        type: 'object',
        required: ['code', 'message'],
        additionalProperties: false,
        properties: {
          code: { type: 'string' },
          message: { type: 'string', description: 'For people: names the field and the bound.' },
        },
      },
    },
  },
  ToolDescriptor: descriptor,
  ToolList: {
    type: 'object',
    required: ['catalogueVersion', 'tools'],
    properties: {
      catalogueVersion: { type: 'string' },
      tools: { type: 'array', items: { $ref: '#/components/schemas/ToolDescriptor' } },
    },
  },
  ProviderToolList: {
    type: 'object',
    required: ['catalogueVersion', 'format', 'tools'],
    properties: {
      catalogueVersion: { type: 'string' },
      format: { type: 'string' },
      tools: {
        type: 'array',
        items: { type: 'object' },
        description: "The value for the provider's `tools` request field (see docs/agents.md).",
      },
    },
  },
  Health: {
    type: 'object',
    required: ['ok', 'catalogueVersion', 'versionId'],
    properties: {
      ok: { const: true },
      catalogueVersion: { type: 'string' },
      versionId: {
        type: ['string', 'null'],
        description: 'The deployment version that answered; null without the version metadata binding.',
      },
    },
  },
  JsonRpcMessage: {
    type: 'object',
    required: ['jsonrpc'],
    properties: { jsonrpc: { const: '2.0' } },
    description: 'A JSON-RPC 2.0 message of the Model Context Protocol, or a batch of them.',
  },
} as const;
