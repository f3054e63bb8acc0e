// Turns the dispatcher's envelope into an MCP tools/call result: the data as
// structuredContent plus the same JSON as text for clients that read only text;
// an error becomes `isError: true` carrying the code and message.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { WritingToolResult } from '../../core/types';

/** The MCP result for one dispatched call. */
export function toCallToolResult(result: WritingToolResult): CallToolResult {
  const structured = (result.ok ? result.data : { error: result.error }) as Record<string, unknown>;
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...(result.ok ? {} : { isError: true }),
  };
}
