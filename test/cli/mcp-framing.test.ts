// The stdio framing of the local MCP server, in process: messages split
// across chunks, CRLF line ends, blank lines, a last line without its newline,
// a batch, and a line over the size bound, which is refused while the next
// line is still answered.
import { describe, expect, it } from 'vitest';
import { writingReviewTools } from '../../src/core/index';
import { STRUCTURED_CONTENT_POINTER } from '../../src/mcp/json-rpc';
import { serveMcpStdio } from '../../src/mcp/stdio';

const options = {
  tools: writingReviewTools,
  dispatch: async () => ({ ok: true, tool: 'get_writing_rules', data: {} }) as never,
  version: 'test',
};

async function serve(chunks: readonly (string | Uint8Array)[], maxMessageBytes?: number): Promise<unknown[]> {
  const written: string[] = [];
  async function* input() {
    for (const chunk of chunks) yield chunk;
  }
  await serveMcpStdio(input(), (line) => written.push(line), options, maxMessageBytes);
  return written.map((line) => JSON.parse(line));
}

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });

describe('serveMcpStdio', () => {
  it('answers messages split across chunks, with CRLF ends, blank lines and no final newline', async () => {
    const text = `${ping(1)}\r\n\n${ping(2)}\n${ping(3)}`;
    const chunks = [text.slice(0, 7), text.slice(7, 30), text.slice(30)];
    expect(await serve(chunks)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: {} })));
  });

  it('answers a batch on one line with one array', async () => {
    expect(await serve([`[${ping(1)},${ping(2)}]\n`])).toEqual([[1, 2].map((id) => ({ jsonrpc: '2.0', id, result: {} }))]);
  });

  it('refuses a line over the bound without an id and answers the next line', async () => {
    const long = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', params: { pad: 'x'.repeat(200) } });
    expect(await serve([long.slice(0, 100), `${long.slice(100)}\n${ping(1)}\n`], 128)).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a message must be at most 128 bytes on one line.' } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('refuses a line that is not UTF-8 and one that is not a JSON-RPC message', async () => {
    expect(await serve([new Uint8Array([0xff, 0x0a]), '{"id":1}\n'])).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON in UTF-8.' } },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringContaining('Invalid Request: the message is not a JSON-RPC 2.0') },
      },
    ]);
  });

  it('repeats an id exactly as sent, an integer beyond 2^53 included', async () => {
    const written: string[] = [];
    async function* input() {
      yield '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}\n';
    }
    await serveMcpStdio(input(), (line) => written.push(line), options);
    expect(written).toEqual(['{"jsonrpc":"2.0","id":9007199254740993,"result":{}}']);
  });

  it('sends a result as structuredContent from 2025-06-18 on, and as JSON text to a client that settled on 2025-03-26', async () => {
    const call = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_writing_rules' } });
    const session = (version: string) => [
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n${call}\n`,
    ];
    const [, newer] = (await serve(session('2025-06-18'))) as { result: { content: unknown; structuredContent?: unknown } }[];
    expect(newer?.result.structuredContent).toEqual({});
    expect(newer?.result.content).toEqual([{ type: 'text', text: STRUCTURED_CONTENT_POINTER }]);
    const [, older] = (await serve(session('2025-03-26'))) as { result: { content: unknown; structuredContent?: unknown } }[];
    expect(older?.result.structuredContent).toBeUndefined();
    expect(older?.result.content).toEqual([{ type: 'text', text: '{}' }]);
  });
});
