// POST /v1/dispatch from the page, same origin. Turns every answer, including
// HTTP refusals, network failures, calls without an answer after 30 seconds
// and data of the wrong shape, into one outcome the page can show.
// The bearer token, when the service asks for one, lives in memory only.
import { t } from './i18n';
import { fits, type Shape } from './shape';

/** A tool result as the page uses it: the envelope's data, or a code and message. */
export type Outcome<T = unknown> =
  | { readonly ok: true; readonly tool: string; readonly data: T }
  | { readonly ok: false; readonly tool: string; readonly code: string; readonly message: string; readonly status: number };

let token: string | undefined;

/** How long a call may take before the page gives up on it and reports a timeout. */
export const TIMEOUT_SECONDS = 30;

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

/**
 * Calls one tool through the service; never throws. A call without an answer
 * after TIMEOUT_SECONDS is cut off as `timeout`; with `shape`, data that does
 * not fit it is `invalid-response`.
 */
export async function dispatch<T = unknown>(name: string, args: unknown, shape?: Shape): Promise<Outcome<T>> {
  const fail = (code: string, message: string, status = 0): Outcome<T> => ({ ok: false, tool: name, code, message, status });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_SECONDS * 1000);
  let response: Response | undefined;
  let body: Envelope | undefined;
  try {
    response = await fetch('/v1/dispatch', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization() },
      body: JSON.stringify({ name, arguments: args }),
      signal: abort.signal,
    });
    body = (await response.json()) as Envelope;
  } catch {
    // No answer, an answer that is not JSON, or the timeout: told apart below.
  } finally {
    clearTimeout(timer);
  }
  if (abort.signal.aborted) return fail('timeout', t('error.timeout', { seconds: TIMEOUT_SECONDS }));
  if (!response) return fail('network-error', t('error.network'));
  if (body?.ok === true && response.ok) {
    if (shape && !fits(body.data, shape)) return fail('invalid-response', t('error.shape'), response.status);
    return { ok: true, tool: body.tool || name, data: body.data as T };
  }
  const error = body?.error;
  // Refusals before the body is read (413, 401) name no tool; the page knows which it called.
  return fail(
    typeof error?.code === 'string' ? error.code : 'invalid-response',
    typeof error?.message === 'string' ? error.message : t('error.no-envelope', { status: response.status }),
    response.status,
  );
}

/** The envelope of `POST /v1/dispatch` for an outcome: what VOIX and WebMCP callers receive. */
export function envelopeOf(
  outcome: Outcome,
): { ok: true; tool: string; data: unknown } | { ok: false; tool: string; error: { code: string; message: string } } {
  if (outcome.ok) return { ok: true, tool: outcome.tool, data: outcome.data };
  return { ok: false, tool: outcome.tool, error: { code: outcome.code, message: outcome.message } };
}
