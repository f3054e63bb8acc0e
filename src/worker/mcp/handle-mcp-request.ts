// MCP over Streamable HTTP, stateless: every POST gets a fresh low-level SDK
// `Server` and web-standard transport, answers in JSON and is closed again, so
// no session or Durable Object is needed. tools/list serves the descriptors as
// they are; tools/call runs the same dispatcher as POST /v1/dispatch.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { WritingToolCall, WritingToolDescriptor, WritingToolResult } from '../../core/types';
import { refusingJsonSchemaValidator } from './refusing-validator';
import { toCallToolResult } from './tool-result';

/** What the MCP endpoint needs from the Worker. */
export interface McpEndpointOptions {
  readonly tools: readonly WritingToolDescriptor[];
  readonly dispatch: (call: WritingToolCall) => Promise<WritingToolResult>;
  /** Reported as `serverInfo.version`, e.g. the catalogue version. */
  readonly version: string;
  /** Replaces the refusing validator; the validator benchmark passes the SDK's Ajv here. */
  readonly createJsonSchemaValidator?: () => jsonSchemaValidator;
}

const SERVER_NAME = 'writing-rules';
// The same bound as the HTTP API's bodies (CONTRACT section 8).
const MAX_BODY_BYTES = 1024 * 1024;

function toMcpTool(descriptor: WritingToolDescriptor): Tool {
  return {
    name: descriptor.name,
    title: descriptor.title,
    description: descriptor.description,
    inputSchema: descriptor.inputSchema as Tool['inputSchema'],
    annotations: { title: descriptor.title, ...descriptor.annotations },
  };
}

function createServer(options: McpEndpointOptions): Server {
  const server = new Server(
    { name: SERVER_NAME, version: options.version },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: options.createJsonSchemaValidator?.() ?? refusingJsonSchemaValidator,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    // MCP leaves `arguments` out for a call without any; that is the empty object.
    return toCallToolResult(await options.dispatch({ name, arguments: args ?? {} }));
  });
  return server;
}

/**
 * Answers one POST to /mcp (GET and DELETE belong to `mcpMethodNotAllowed`).
 * Pass `parsedBody` when middleware has already read the request body.
 */
export async function handleMcpRequest(
  request: Request,
  options: McpEndpointOptions,
  parsedBody?: unknown,
): Promise<Response> {
  const server = createServer(options);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
  } finally {
    await server.close();
  }
}
