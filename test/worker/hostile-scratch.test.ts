import { it } from 'vitest';
import { request } from './helpers';
it('scratch', async () => {
  const body = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_writing_rules","arguments":{"__proto__":{"detail":"full"},"constructor":1}}}';
  const r = await request('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body });
  console.warn('SCRATCH', r.status, (await r.text()).slice(0, 400));
  const b2 = '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_writing_rules","arguments":{"__proto__":{"detail":"full"}}}}';
  const r2 = await request('/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: b2 });
  console.warn('SCRATCH2', r2.status, (await r2.text()).slice(0, 300));
});
