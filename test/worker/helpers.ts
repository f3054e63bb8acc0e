// Shared helpers for the Worker tests: real Request objects sent to the Worker's
// fetch handler inside workerd, with the wrangler.toml bindings or a variant.
/// <reference types="@cloudflare/vitest-pool-workers/types" />
import { env, exports } from 'cloudflare:workers';
import worker from '../../src/worker/index';
import type { WorkerEnv } from '../../src/worker/env';

export const ORIGIN = 'http://worker.test';

/** The bindings of wrangler.toml: example [vars] and the local EVIDENCE namespace. */
export const baseEnv = env as unknown as WorkerEnv;

/** Sends a request to the Worker as deployed with wrangler.toml. */
export function request(path: string, init?: RequestInit): Promise<Response> {
  const main = (exports as unknown as { default: Fetcher }).default;
  return main.fetch(new Request(`${ORIGIN}${path}`, init));
}

/**
 * Builds a Worker env variant. Keep the returned object: the Worker builds its
 * app once per env object, as it does once per isolate in production.
 */
export function variantEnv(overrides: Record<string, unknown>, removed: readonly string[] = []): WorkerEnv {
  const variant: Record<string, unknown> = { ...baseEnv, ...overrides };
  for (const name of removed) delete variant[name];
  return variant as WorkerEnv;
}

/** Sends a request to the Worker running with a variant env. */
export async function requestWith(variant: WorkerEnv, path: string, init?: RequestInit): Promise<Response> {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const incoming = new Request(`${ORIGIN}${path}`, init) as Parameters<typeof worker.fetch>[0];
  return worker.fetch(incoming, variant, ctx);
}

/** A POST /v1/dispatch request init with a JSON body. */
export function dispatchInit(call: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(call) };
}

/** The error envelope fields a test compares. */
export async function errorOf(response: Response): Promise<{ ok: boolean; tool: string; code: string; message: string }> {
  const body = (await response.json()) as { ok: boolean; tool: string; error: { code: string; message: string } };
  return { ok: body.ok, tool: body.tool, code: body.error.code, message: body.error.message };
}
