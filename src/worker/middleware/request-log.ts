// One structured log line per request: what an operator plans capacity by
// (route, tool, outcome, status, duration, UTF-16 units scanned, signals found)
// and which deployment answered (catalogueVersion, version ID). Never the body,
// the reviewed text, the arguments, a header value or a token.
import type { Context, MiddlewareHandler } from 'hono';
import { catalogueVersion, writingReviewTools } from '../../core/index';
import type { FindWritingSignalsResult, WritingToolResult } from '../../core/dispatch/types';
import type { AppEnv } from '../env';

// Only the four tool names: any other requested name is the caller's own text.
const KNOWN_TOOLS: ReadonlySet<string> = new Set(writingReviewTools.map((tool) => tool.name));
const UNKNOWN_TOOL = '(unknown tool)';

/** Response headers naming the deployment and catalogue that answered. */
export const VERSION_HEADER = 'X-Worker-Version';
export const CATALOGUE_VERSION_HEADER = 'X-Catalogue-Version';

export interface RequestLogOptions {
  /** The deployment's version ID, when the version metadata binding is bound. */
  readonly versionId: string | undefined;
  /** Share of lines written, 0 to 1 (REQUEST_LOG_SAMPLE_RATE); 5xx lines are always written. */
  readonly sampleRate: number;
  /** Replaces Math.random in tests of the sampling. */
  readonly random?: () => number;
}

/** The fields of one log line. */
export interface RequestLogLine {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly tool: string;
  readonly outcome: string;
  readonly status: number;
  readonly durationMs: number;
  /** UTF-16 units of text `find_writing_signals` scanned; 0 for every other request. */
  readonly unitsScanned: number;
  /** Signals the scan returned; 0 for every other request. */
  readonly signals: number;
  readonly catalogueVersion: string;
  readonly versionId: string | null;
  /** The sampling rate the line was written under: count lines ÷ rate to estimate requests. */
  readonly sampleRate: number;
}

/**
 * Sets `requestId` (also sent as `X-Request-Id`), sends the version headers
 * and logs the finished request, sampled at `sampleRate`.
 */
export function requestLog({ versionId, sampleRate, random = Math.random }: RequestLogOptions): MiddlewareHandler<AppEnv> {
  return async function logRequest(c, next) {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('tool', '');
    c.set('outcome', 'ok');
    c.set('unitsScanned', 0);
    c.set('signals', 0);
    await next();
    c.header('X-Request-Id', requestId);
    c.header(CATALOGUE_VERSION_HEADER, catalogueVersion);
    if (versionId !== undefined) c.header(VERSION_HEADER, versionId);
    const status = c.res.status;
    if (status < 500 && !(random() < sampleRate)) return;
    const tool = c.get('tool');
    const line: RequestLogLine = {
      requestId,
      method: c.req.method,
      path: c.req.path,
      tool: tool === '' || KNOWN_TOOLS.has(tool) ? tool : UNKNOWN_TOOL,
      outcome: c.get('outcome'),
      status,
      durationMs: Date.now() - started,
      unitsScanned: c.get('unitsScanned'),
      signals: c.get('signals'),
      catalogueVersion,
      versionId: versionId ?? null,
      sampleRate,
    };
    console.log(JSON.stringify(line));
  };
}

/**
 * Records a dispatched call for the log line: tool, outcome, and for a
 * successful `find_writing_signals` the units scanned and signals found. Both
 * POST /v1/dispatch and MCP tools/call go through this.
 */
export function recordToolCall(
  c: Context<AppEnv>,
  call: { readonly name: string; readonly arguments?: unknown },
  result: WritingToolResult,
): void {
  c.set('tool', call.name);
  c.set('outcome', result.ok ? 'ok' : result.error.code);
  if (!result.ok || result.tool !== 'find_writing_signals') return;
  const text = (call.arguments as { text?: unknown } | undefined)?.text;
  // An MCP batch may scan several texts in one request: the line sums them.
  if (typeof text === 'string') c.set('unitsScanned', c.get('unitsScanned') + text.length);
  c.set('signals', c.get('signals') + (result.data as FindWritingSignalsResult).signals.length);
}
