// VOIX: the page declares each tool as a hidden <tool> element with a <prop>
// per argument, derived from the descriptors, and answers each `call` event by
// running the tool through /v1/dispatch and dispatching a `return` event on the
// same element. A failure's detail has a truthy `error` and a top-level
// `message` that carries the code, because VOIX keeps only that message for
// the model. The elements are created while the page is parsed, before any
// extension's content script runs.
import { voixTool, type ToolSource } from '../voix-tools';
import { dispatch, type Outcome } from './dispatch';
import { toDispatchArguments } from './voix-arguments';

/** The return detail of a call: the envelope on success, the flattened error on failure. */
export type VoixReturn =
  | { readonly ok: true; readonly tool: string; readonly data: unknown }
  | { readonly ok: false; readonly tool: string; readonly error: string; readonly code: string; readonly message: string };

async function run(tool: string, detail: unknown): Promise<Outcome> {
  const args = toDispatchArguments(detail);
  if (!args.ok) return { ok: false, tool, code: 'invalid-arguments', message: args.message, status: 0 };
  return dispatch(tool, args.value);
}

function returnDetail(outcome: Outcome): VoixReturn {
  if (outcome.ok) return { ok: true, tool: outcome.tool, data: outcome.data };
  const { tool, code, message } = outcome;
  return { ok: false, tool, error: code, code, message: `${code}: ${message}` };
}

function element(tag: string, attributes: Readonly<Record<string, string | boolean>>): HTMLElement {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== false) created.setAttribute(name, value === true ? '' : value);
  return created;
}

/** Declares the tools as VOIX elements at the start of <body> and answers their calls; `report` hears each finished call. */
export function declareVoixTools(tools: readonly ToolSource[], report: (tool: string, outcome: Outcome) => void): void {
  const declared = tools.map(voixTool).map((tool) => {
    const toolElement = element('tool', { name: tool.name, description: tool.description, 'data-title': tool.title, return: true });
    toolElement.append(...tool.props.map((prop) => element('prop', { name: prop.name, type: prop.type, description: prop.description, required: prop.required })));
    toolElement.addEventListener('call', (event) => {
      void run(tool.name, (event as CustomEvent<unknown>).detail).then((outcome) => {
        toolElement.dispatchEvent(new CustomEvent('return', { detail: returnDetail(outcome) }));
        report(tool.name, outcome);
      });
    });
    return toolElement;
  });
  document.body.prepend(...declared);
}
