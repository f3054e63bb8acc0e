// Register the tools with a model provider and answer its tool calls. The
// model's side is simulated here (no network): it returns one OpenAI-style
// tool call, which the host dispatches and returns as the tool message.
// Run: npx tsx examples/provider-tool-loop.ts
import { pathToFileURL } from 'node:url';
import { createWritingToolDispatcher, projectTools, writingReviewTools } from '@voice/writing-rules/tools';

/** An OpenAI Chat Completions tool call as the model returns it. */
interface ToolCall {
  readonly id: string;
  readonly function: { readonly name: string; readonly arguments: string };
}

const dispatcher = createWritingToolDispatcher();

/** The `tools` field of the chat request: the four tools in OpenAI's format. */
export const openAiTools = projectTools('openai', writingReviewTools);

/** The tool message that answers one call: the envelope, as JSON. */
export async function answerToolCall(call: ToolCall): Promise<{ role: 'tool'; tool_call_id: string; content: string }> {
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments);
  } catch {
    args = call.function.arguments; // the dispatcher answers invalid-arguments, which the model can read
  }
  // The name comes from the model, so `data` stays unknown: the envelope goes back as it is.
  const result = await dispatcher.dispatch({ name: call.function.name, arguments: args });
  return { role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`tools: ${openAiTools.length}`);
  const fromModel: ToolCall = {
    id: 'call_1',
    function: { name: 'find_writing_signals', arguments: '{"text":"A powerful review panel.","ruleIds":["word-choice"]}' },
  };
  console.log(await answerToolCall(fromModel));
}
