// One structured log line per request: request id, route, tool, outcome code,
// status and duration. Never the body, the reviewed text or a header value.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const LOGGABLE_TOOL = /^[A-Za-z0-9_.-]{1,64}$/;

/** Sets `requestId` (also sent as `X-Request-Id`) and logs the finished request. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('tool', '');
    c.set('outcome', 'ok');
    await next();
    c.header('X-Request-Id', requestId);
    const tool = c.get('tool');
    console.log(
      JSON.stringify({
        requestId,
        method: c.req.method,
        path: c.req.path,
        tool: tool === '' || LOGGABLE_TOOL.test(tool) ? tool : '(not logged)',
        outcome: c.get('outcome'),
        status: c.res.status,
        durationMs: Date.now() - started,
      }),
    );
  };
}
