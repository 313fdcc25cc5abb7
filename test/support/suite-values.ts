/**
 * Values a suite makes in a hook and its tests read, declared once as constants where the suite starts
 * (`const app = suiteApp()`) instead of a `let`, a `before` that assigns it and an `after` that releases it.
 * Hooks run in the order the values are declared, so a value may be made from an earlier one.
 */

/** Made once before the suite's tests, released (if `release` is given) after them. */
export function suiteValue<T extends object>(make: () => Promise<T>, release?: (value: T) => unknown): T {
  let current: T | undefined;
  before(async () => {
    current = await make();
  });
  if (release) after(async () => void (current && (await release(current))));
  return lateBound(() => current);
}

/** Made afresh before each of the suite's tests, released (if `release` is given) after each. */
export function testValue<T extends object>(make: () => Promise<T>, release?: (value: T) => unknown): T {
  let current: T | undefined;
  beforeEach(async () => {
    current = await make();
  });
  if (release)
    afterEach(async () => {
      if (current) await release(current);
      current = undefined;
    });
  return lateBound(() => current);
}

/** Stands for the value `read` returns when it is used: a test sees the very object its hook made. */
function lateBound<T extends object>(read: () => T | undefined): T {
  const value = (): T => {
    const current = read();
    if (current === undefined)
      throw new Error('a suite value is read in tests and hooks, after its hook made it');
    return current;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = value();
      const found = Reflect.get(target, key, target);
      // Methods run on the object itself: a class's private fields are not reachable through a proxy.
      return typeof found === 'function' ? found.bind(target) : found;
    },
    set: (_, key, next) => Reflect.set(value(), key, next),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // A proxy may not report a property its (empty) target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
