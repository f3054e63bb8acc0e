// MCP's stdio transport: newline-delimited JSON-RPC messages on the input,
// one answer per line on the output, nothing else on it (logs go to stderr).
// Each line is one message or batch, handled by the same transport-free code
// as the Worker's /mcp (json-rpc.ts); lines are answered in order.
import {
  ASSUMED_PROTOCOL_VERSION,
  JSON_RPC_ERRORS,
  MCP_PROTOCOL_VERSIONS,
  answerMcpMessages,
  isSupportedProtocolVersion,
  parseMcpMessages,
  refusalMessage,
  type McpRefusal,
  type McpServerOptions,
} from './json-rpc';

/** The longest line read, in bytes: the Worker's bound on an /mcp request body (1 MiB). */
export const MAX_STDIO_MESSAGE_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

const parseError: McpRefusal = { code: JSON_RPC_ERRORS.parseError, message: 'Parse error: the line is not JSON in UTF-8.' };
const tooLong = (maxBytes: number): McpRefusal => ({
  code: JSON_RPC_ERRORS.invalidRequest,
  message: `Invalid Request: a message must be at most ${maxBytes} bytes on one line.`,
});

/**
 * Answers every message of `input` on `write`, one JSON line each, and
 * resolves when the input ends. A line that is not JSON, or longer than the
 * bound, is answered with an error naming no request and the rest is read on.
 */
export async function serveMcpStdio(
  input: AsyncIterable<Uint8Array | string>,
  write: (line: string) => void,
  options: McpServerOptions,
  maxMessageBytes = MAX_STDIO_MESSAGE_BYTES,
): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  // Set while the rest of an overlong line is skipped up to its newline.
  let skipping = false;
  // The revision initialize settled on; it decides whether results go as structuredContent.
  let protocolVersion: string = ASSUMED_PROTOCOL_VERSION;

  const handle = async (bytes: Uint8Array): Promise<void> => {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      return write(JSON.stringify(refusalMessage(parseError)));
    }
    // A line may end in \r\n; blank lines carry no message.
    if (text.trim() === '') return;
    const messages = parseMcpMessages(text);
    if (!messages.ok) {
      const refusal = messages.refusal.code === JSON_RPC_ERRORS.parseError ? parseError : messages.refusal;
      return write(JSON.stringify(refusalMessage(refusal)));
    }
    if (messages.initializes) {
      const asked = messages.requests[0]?.params.protocolVersion;
      if (typeof asked === 'string') protocolVersion = isSupportedProtocolVersion(asked) ? asked : MCP_PROTOCOL_VERSIONS[0];
    }
    const answer = await answerMcpMessages(messages, options, { protocolVersion });
    if (answer !== undefined) write(answer);
  };

  for await (const chunk of input) {
    let bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    while (bytes.length > 0) {
      const newline = bytes.indexOf(NEWLINE);
      const part = newline === -1 ? bytes : bytes.subarray(0, newline);
      bytes = newline === -1 ? new Uint8Array(0) : bytes.subarray(newline + 1);
      if (!skipping) {
        pendingBytes += part.length;
        if (pendingBytes > maxMessageBytes) {
          write(JSON.stringify(refusalMessage(tooLong(maxMessageBytes))));
          pending = [];
          pendingBytes = 0;
          skipping = true;
        } else {
          pending.push(part);
        }
      }
      if (newline === -1) continue;
      if (!skipping) await handle(concat(pending, pendingBytes));
      pending = [];
      pendingBytes = 0;
      skipping = false;
    }
  }
  // The last message may lack its newline.
  if (!skipping && pendingBytes > 0) await handle(concat(pending, pendingBytes));
}

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const joined = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
