// Parses a request body read as bytes: strict UTF-8 (a broken byte sequence is
// refused, not replaced) and then JSON. POST /v1/dispatch and POST /mcp use it.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The outcome of `parseJsonBody`: the parsed value, or a refusal without details. */
export type JsonBodyResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

/** Decodes `bytes` as UTF-8 and parses them as JSON; `ok: false` when either step fails. */
export function parseJsonBody(bytes: Uint8Array): JsonBodyResult {
  try {
    return { ok: true, value: JSON.parse(utf8.decode(bytes)) };
  } catch {
    return { ok: false };
  }
}
