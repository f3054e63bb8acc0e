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
