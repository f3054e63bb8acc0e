// A read-only view of a KV namespace: the Worker reaches EVIDENCE only through
// this, so no code path in the Worker can write, delete or list keys.

/** The one KV operation the Worker may use. */
export interface ReadOnlyKv {
  get(key: string, options: { type: 'text'; cacheTtl?: number }): Promise<string | null>;
}

/** Wraps a namespace so that only `get` for text values is reachable. */
export function readOnlyKv(namespace: KVNamespace): ReadOnlyKv {
  return Object.freeze({
    get: (key: string, options: { type: 'text'; cacheTtl?: number }) => namespace.get(key, options),
  });
}
