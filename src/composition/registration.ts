import { asFunction, asValue, type Resolver } from 'awilix';
import type { Cradle } from './cradle.ts';

/** One resolver per named key, each producing exactly that key's type. */
export type Registrations<K extends keyof Cradle = keyof Cradle> = { [P in K]: Resolver<Cradle[P]> };

/**
 * A singleton made by `factory` from the cradle. The factory's parameter is checked against `Cradle`: a use
 * case whose dependencies name a key the cradle lacks, or give it another type, fails `tsc` at this call.
 * `dispose` runs when the container is disposed (timers stopped, pools closed).
 */
export function singleton<T>(factory: (cradle: Cradle) => T, dispose?: (value: T) => unknown): Resolver<T> {
  const resolver = asFunction(factory).singleton();
  return dispose ? resolver.disposer(dispose) : resolver;
}

/** A singleton instance of `Class`, built with the cradle; its constructor is type-checked like a factory. */
export function instance<T>(Class: new (cradle: Cradle) => T): Resolver<T> {
  return singleton((cradle) => new Class(cradle));
}

/** A fixed value (configuration, a key), registered as is. */
export function value<T>(fixed: T): Resolver<T> {
  return asValue(fixed);
}

/**
 * The cradle with some keys answered otherwise, for one factory: how a use case reads a cached port on its
 * hot path (`{ loginSessions: cradle.cachedLoginSessions }`) while every other use case reads the source.
 * Every registration is a singleton, so each key is resolved once and kept. The proxy's target is a plain
 * object: with awilix's cradle as target, every read would also run its `getOwnPropertyDescriptor` trap
 * (the engine's invariant check), which walks all registrations.
 */
export function withReplaced(cradle: Cradle, replaced: Partial<Cradle>): Cradle {
  const resolved = new Map<PropertyKey, unknown>(Object.entries(replaced));
  return new Proxy({} as Cradle, {
    get: (_target, name) => {
      if (!resolved.has(name)) resolved.set(name, Reflect.get(cradle, name));
      return resolved.get(name);
    },
  });
}
