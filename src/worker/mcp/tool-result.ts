// Turns the dispatcher's envelope into an MCP tools/call result: the data as
// structuredContent (it fits the tool's outputSchema) plus the same JSON as
// text for clients that read only text. An error becomes `isError: true` with
// `{ "error": { code, message } }` as text only: structuredContent must fit
// the outputSchema, which describes results, and MCP clients check it.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WritingToolResult } from '../../core/types';

/** The MCP result for one dispatched call. */
export function toCallToolResult(result: WritingToolResult): CallToolResult {
  if (!result.ok) {
    return { content: [{ type: 'text', text: JSON.stringify({ error: result.error }) }], isError: true };
  }
  const data = result.data as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}
