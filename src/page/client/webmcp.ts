// WebMCP: where the browser offers `document.modelContext` (Chromium behind
// the WebMCP feature or its origin trial), the page reads the descriptors from
// GET /v1/tools and registers the four tools with their schemas. Each
// `execute` runs the same dispatch as the form and VOIX and returns the
// envelope of POST /v1/dispatch. Where the API is missing, the page neither
// reads the descriptors nor registers anything, and works as before.
import type { ToolSource } from '../voix-tools';
import { authorization, dispatch, envelopeOf, type Outcome } from './dispatch';

/** The part of the WebMCP `ModelContext` the page uses. */
interface ModelContext {
  registerTool(tool: {
    name: string;
    title: string;
    description: string;
    inputSchema: object;
    annotations: { readOnlyHint: boolean };
    execute: (input: unknown) => Promise<unknown>;
  }): unknown;
}

let registered = false;

/**
 * Reads the descriptors and registers each tool, once per page; later calls do
 * nothing. Answers how many tools were registered: 0 without WebMCP, and 0
 * while GET /v1/tools is refused (a host that asks for a token answers 401
 * until the person gives it; call again then). `report` hears each finished call.
 */
export async function registerWebMcpTools(report: (tool: string, outcome: Outcome) => void): Promise<number> {
  const context = (document as Document & { modelContext?: ModelContext }).modelContext;
  if (registered || typeof context?.registerTool !== 'function') return 0;
  registered = true;
  let tools: readonly ToolSource[] = [];
  try {
    const response = await fetch('/v1/tools', { headers: authorization() });
    const body = response.ok ? ((await response.json()) as { tools?: unknown }) : undefined;
    // An answer without a list registers nothing now, rather than failing later on it.
    if (Array.isArray(body?.tools)) tools = body.tools as readonly ToolSource[];
  } catch {
    // Unreadable: registered on a later call.
  }
  registered = tools.length > 0;
  let count = 0;
  for (const tool of tools) {
    try {
      context.registerTool({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: true },
        async execute(input: unknown) {
          const outcome = await dispatch(tool.name, input ?? {});
          report(tool.name, outcome);
          return envelopeOf(outcome);
        },
      });
      count += 1;
    } catch (error) {
      // An early implementation that refuses one tool must not stop the page or the other tools.
      console.warn(`WebMCP did not register ${tool.name}:`, error);
    }
  }
  return count;
}
