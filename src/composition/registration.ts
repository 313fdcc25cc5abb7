import { asFunction, asValue, type Resolver } from 'awilix';

/** One resolver per key of `Slice`, each producing exactly that key's type. */
export type Registrations<Slice> = { [K in keyof Slice]: Resolver<Slice[K]> };

/**
 * The helpers an area registers with, typed by what that area may resolve (`Deps`: the slices of the areas
 * before it and its own). A factory whose parameter names a key `Deps` lacks, or gives it another type, fails
 * `tsc` at its line; an area module never sees the whole cradle.
 */
export interface Registrar<Deps> {
  /** A singleton made by `factory`; `dispose` runs when the container is disposed (timers stopped, pools closed). */
  singleton<T>(factory: (deps: Deps) => T, dispose?: (value: T) => unknown): Resolver<T>;
  /** A singleton instance of `Class`, built with the area's dependencies. */
  instance<T>(Class: new (deps: Deps) => T): Resolver<T>;
  /** A fixed value (configuration, a key), registered as is. */
  value<T>(fixed: T): Resolver<T>;
}

function singleton<D, T>(factory: (deps: D) => T, dispose?: (value: T) => unknown): Resolver<T> {
  const resolver = asFunction((deps: D) => factory(resolvedOnce(deps))).singleton();
  return dispose ? resolver.disposer(dispose) : resolver;
}

/**
 * `deps` whose every key is resolved on first use and kept: a use case reads its dependencies on each call
 * (the token check, ingest: every request), and every registration is a singleton, so awilix's resolution
 * need not run again. Spreading the cradle instead would resolve every registration at once.
 */
function resolvedOnce<D>(deps: D): D {
  const resolved = new Map<PropertyKey, unknown>();
  return new Proxy({} as D & object, {
    get: (_target, name) => {
      if (!resolved.has(name)) resolved.set(name, Reflect.get(deps as object, name));
      return resolved.get(name);
    },
  });
}

function instance<D, T>(Class: new (deps: D) => T): Resolver<T> {
  return singleton((deps: D) => new Class(deps));
}

export function value<T>(fixed: T): Resolver<T> {
  return asValue(fixed);
}

const helpers = { singleton, instance, value };

export function registrar<Deps>(): Registrar<Deps> {
  return helpers;
}
