// Bench-only Worker: the smallest Hono + zod Worker that answers the same
// dispatch request, the baseline of the cold-start row. Never deployed.
import { Hono } from 'hono';
import * as z from 'zod';

const call = z.strictObject({
  name: z.literal('find_writing_signals'),
  arguments: z.strictObject({ text: z.string().max(100_000), language: z.enum(['en', 'de']) }),
});

const app = new Hono();
app.post('/v1/dispatch', async (c) => {
  const parsed = call.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return c.json({ ok: false, tool: '', error: { code: 'invalid-arguments', message: parsed.error.message } }, 400);
  return c.json({ ok: true, tool: parsed.data.name, data: { signals: [] } });
});

export default app;
