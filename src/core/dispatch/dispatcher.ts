// Name → tool; validate the arguments; run; answer with the frozen envelope
// (docs/api-reference.md#the-envelope). The one place that turns every outcome, and every
// unexpected failure, into `{ ok, tool, data | error }`.
import type { CatalogueView } from '../catalogue/view';
import { deepFreeze } from './freeze';
import { snapshotHost } from './host-options';
import { parseArguments } from '../tools/arguments';
import { echo } from '../input-checks/echo';
import { TOOLS } from '../tools/index';
import type { RegisteredTool, ToolEnvironment } from '../tools/tool';
import type { WritingToolDispatcher, WritingToolErrorCode, WritingToolHost, WritingToolResult } from './types';

const TOOL_BY_NAME: ReadonlyMap<string, RegisteredTool> = new Map(TOOLS.map((tool) => [tool.name, tool]));
const TOOL_NAMES = TOOLS.map((tool) => tool.name).join(', ');

function failure(tool: string, code: WritingToolErrorCode, message: string): WritingToolResult {
  return deepFreeze({ ok: false, tool, error: { code, message } });
}

/** The call's tool name, when it is an object with a string `name`. */
function nameOf(call: unknown): string | undefined {
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return undefined;
  const name: unknown = (call as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** The fields a call may hold. */
const CALL_FIELDS: ReadonlySet<PropertyKey> = new Set(['name', 'arguments']);

async function runTool(env: ToolEnvironment, tool: RegisteredTool, call: object): Promise<WritingToolResult> {
  // A misspelt field ('argument', 'args') would otherwise leave the tool running on its defaults.
  const unknown = Reflect.ownKeys(call).find((key) => !CALL_FIELDS.has(key));
  if (unknown !== undefined) {
    const named = typeof unknown === 'string' ? `unknown field ${echo(unknown)}` : 'a symbol key';
    return failure(tool.name, 'invalid-arguments', `the call has ${named}; a call holds name and arguments only`);
  }
  const parsed = parseArguments(tool.name, tool.schema, tool.fields, (call as { arguments?: unknown }).arguments);
  if (!parsed.ok) return failure(tool.name, 'invalid-arguments', parsed.message);
  // The value came from this tool's own schema, which is what `run` takes.
  const outcome = await tool.run(parsed.value as never, env);
  return outcome.ok ? deepFreeze({ ok: true, tool: tool.name, data: outcome.data }) : failure(tool.name, outcome.code, outcome.message);
}

/**
 * A dispatcher over a catalogue view (see `createCatalogueView`). The host is
 * checked and copied now (a bad host throws a TypeError naming the field);
 * `dispatch` never throws.
 */
export function createDispatcher(catalogue: CatalogueView, host?: WritingToolHost): WritingToolDispatcher {
  const env: ToolEnvironment = Object.freeze({ catalogue, host: snapshotHost(host) });
  return Object.freeze({
    async dispatch(call: unknown): Promise<WritingToolResult> {
      let name: string | undefined;
      try {
        name = nameOf(call);
      } catch {
        return failure('', 'unknown-tool', 'the call could not be read; it must be an object with a string name');
      }
      if (name === undefined) return failure('', 'unknown-tool', 'the call must be an object with a string name');
      const tool = TOOL_BY_NAME.get(name);
      if (tool === undefined) {
        return failure(name, 'unknown-tool', `no tool is named ${echo(name)}; the tools are ${TOOL_NAMES}`);
      }
      try {
        return await runTool(env, tool, call as object);
      } catch {
        // Reached only when arguments cannot be read (a throwing getter or
        // proxy) or on a defect; the caller still gets the envelope.
        return failure(name, 'invalid-arguments', 'arguments could not be read or processed; they must be a JSON object');
      }
    },
  });
}
