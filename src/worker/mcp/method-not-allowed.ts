// The answer to GET and DELETE on /mcp. The endpoint is stateless: it opens no
// server-to-client stream (GET) and keeps no session to end (DELETE), which
// the Streamable HTTP transport lets a server refuse with 405.

/** A 405 JSON-RPC error naming POST as the only method. */
export function mcpMethodNotAllowed(): Response {
  const body = {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless and answers POST only.' },
    id: null,
  };
  return new Response(JSON.stringify(body), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: 'POST' },
  });
}
