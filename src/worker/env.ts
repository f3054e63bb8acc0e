// The Worker's bindings: the generated `Env` (from `npm run cf-typegen`) plus the
// optional secret. Only src/worker reads this; the core never sees `env`.
/// <reference path="./worker-configuration.d.ts" />

/** Bindings and variables the Worker receives; secrets are not in wrangler.toml. */
export type WorkerEnv = Partial<Omit<Env, 'EVIDENCE'>> & {
  readonly EVIDENCE: KVNamespace;
  readonly API_TOKEN?: string;
};

/** Per-request values middleware hands to routes and to the request log. */
export interface RequestVariables {
  requestId: string;
  /** The requested tool name, once the dispatch route has read it. */
  tool: string;
  /** `ok` or the error code of the answer. */
  outcome: string;
  /** UTF-16 units `find_writing_signals` scanned for this request (request-log.ts). */
  unitsScanned: number;
  /** Signals the scans of this request returned. */
  signals: number;
  /** Spends `extraRuns` more units of the caller's tool-call budget (an MCP batch's further calls); throws the 429 once spent. */
  chargeToolCalls: (extraRuns: number) => Promise<void>;
}

/** Hono's environment type for this app. */
export interface AppEnv {
  Bindings: WorkerEnv;
  Variables: RequestVariables;
}
