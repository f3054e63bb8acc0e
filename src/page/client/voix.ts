// VOIX tool handlers: each <tool> element answers its `call` event by running
// the tool through /v1/dispatch and dispatching a `return` event on the same
// element. A failure's detail has a truthy `error` and a top-level `message`
// that carries the code, because VOIX keeps only that message for the model.
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

/** Wires every `<tool name>` element of the document; `report` hears each finished call. */
export function attachVoixTools(report: (tool: string, outcome: Outcome) => void): void {
  for (const element of document.querySelectorAll<HTMLElement>('tool[name]')) {
    const tool = element.getAttribute('name') ?? '';
    element.addEventListener('call', (event) => {
      void run(tool, (event as CustomEvent<unknown>).detail).then((outcome) => {
        element.dispatchEvent(new CustomEvent('return', { detail: returnDetail(outcome) }));
        report(tool, outcome);
      });
    });
  }
}
