// POST /v1/dispatch from the page, same origin. Turns every answer, including
// HTTP refusals and network failures, into one outcome the page can show.
// The bearer token, when the service asks for one, lives in memory only.
import { t } from './i18n';

/** A tool result as the page uses it: the envelope's data, or a code and message. */
export type Outcome<T = unknown> =
  | { readonly ok: true; readonly tool: string; readonly data: T }
  | { readonly ok: false; readonly tool: string; readonly code: string; readonly message: string; readonly status: number };

let token: string | undefined;

/** The Authorization header for the token, if there is one. */
export const authorization = (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/** Sets (or, with an empty value, clears) the bearer token sent with every call. */
export function setToken(value: string): void {
  token = value.trim() === '' ? undefined : value.trim();
}

interface Envelope {
  readonly ok: boolean;
  readonly tool?: string;
  readonly data?: unknown;
  readonly error?: { readonly code?: unknown; readonly message?: unknown };
}

/** Calls one tool through the service; never throws. */
export async function dispatch<T = unknown>(name: string, args: unknown): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization() },
      body: JSON.stringify({ name, arguments: args }),
    });
  } catch {
    return { ok: false, tool: name, code: 'network-error', message: t('error.network'), status: 0 };
  }
  let body: Envelope | undefined;
  try {
    body = (await response.json()) as Envelope;
  } catch {
    body = undefined;
  }
  if (body?.ok === true && response.ok) return { ok: true, tool: body.tool || name, data: body.data as T };
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'invalid-response';
  const message =
    typeof body?.error?.message === 'string'
      ? body.error.message
      : t('error.no-envelope', { status: response.status });
  // Refusals before the body is read (413, 401) name no tool; the page knows which it called.
  return { ok: false, tool: body?.tool || name, code, message, status: response.status };
}

/** The envelope of `POST /v1/dispatch` for an outcome: what VOIX and WebMCP callers receive. */
export function envelopeOf(outcome: Outcome): { ok: true; tool: string; data: unknown } | { ok: false; tool: string; error: { code: string; message: string } } {
  if (outcome.ok) return { ok: true, tool: outcome.tool, data: outcome.data };
  return { ok: false, tool: outcome.tool, error: { code: outcome.code, message: outcome.message } };
}
