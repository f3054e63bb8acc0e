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
 * deepFreeze for a value parsed from JSON text, whose arrays hold nothing but
 * their elements and whose objects have only enumerable string keys: the same
 * result, walking arrays by index, so freezing a large catalogue costs a cold
 * process a fraction of the time.
 */
export function deepFreezeJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) deepFreezeJson(value[index]);
  } else {
    for (const key of Object.keys(value)) deepFreezeJson((value as Record<string, unknown>)[key]);
  }
  Object.freeze(value);
  deeplyFrozen.add(value);
  return value;
}

/** Whether deepFreeze or deepFreezeJson froze `value` and everything reachable from it. */
export function isDeeplyFrozen(value: object): boolean {
  return deeplyFrozen.has(value);
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

/**
 * A function that makes its value with `make` when first called, once, and
 * then returns that same value: for what a process may never need, such as a
 * zod schema only listing the tools or reading evidence uses.
 */
export function onFirstCall<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/** An enumerable property whose value `get` makes when first read, once, and keeps. */
export function onFirstRead<T>(get: () => T): PropertyDescriptor {
  return { enumerable: true, get: onFirstCall(get) };
}
