// Deep freezing for everything the core hands out: envelopes, descriptors,
// host snapshots and the catalogue view. Used by the dispatcher and tools.

// Objects already frozen all the way down; they stay so, so they are skipped.
const deeplyFrozen = new WeakSet<object>();

/** Freezes `value` and every object reachable from it; returns `value`. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  Object.freeze(value);
  deeplyFrozen.add(value);
  return value;
}

/**
 * The type of a value `deepFreeze` has frozen: readonly all the way down.
 * Result types inferred from zod schemas are mutable; the core hands every
 * result out frozen, so its public types say so. Argument types are readonly
 * the same way, as the dispatcher only reads them, so frozen values fit.
 */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly Frozen<Item>[]
    : T extends object
      ? { readonly [K in keyof T]: Frozen<T[K]> }
      : T;
