import type { CacheInvalidation } from './cache-invalidation.ts';
import type { Change } from './cached-rows.ts';

type Method = (...args: never[]) => Promise<unknown>;
type Methods<T> = { [K in keyof T as T[K] extends Method ? K : never]: T[K] };

/**
 * `inner` with some methods replaced: every other method is inner's own, called on inner (so a class with
 * private fields works behind it). How each decorator here reuses the whole port while changing two calls.
 */
export function overrideMethods<T extends object>(inner: T, replaced: Partial<Methods<T>>): T {
  // Each method bound once, and again when the inner object's member changes (a test that wraps one).
  const bound = new Map<PropertyKey, { member: unknown; fn: unknown }>();
  return new Proxy(inner, {
    get(target, name) {
      if (Object.hasOwn(replaced, name)) return (replaced as Record<PropertyKey, unknown>)[name];
      const member = Reflect.get(target, name, target);
      if (typeof member !== 'function') return member;
      let entry = bound.get(name);
      if (entry?.member !== member) {
        entry = { member, fn: member.bind(target) };
        bound.set(name, entry);
      }
      return entry.fn;
    },
  });
}

/** A write, with the changes a call makes (computed from its arguments). */
export interface Announced<A extends unknown[]> {
  readonly writes: (...args: A) => Change[];
}

/**
 * What each method of a cached port does to the rows caches hold: `read`; `insert`, a write that only adds
 * rows no cache holds (absence is never cached), announcing nothing; or a write announcing its changes.
 * Exhaustive: a method added to the port fails `tsc` until it is classified here.
 */
export type MethodAccess<T> = {
  readonly [K in keyof Methods<T>]-?: Methods<T>[K] extends (...args: infer A) => Promise<unknown>
    ? 'read' | 'insert' | Announced<A>
    : never;
};

/** A write whose calls announce `changes`. */
export const announces = <A extends unknown[]>(changes: (...args: A) => Change[]): Announced<A> => ({
  writes: changes,
});

/** `inner` whose writes report what they changed to this instance's caches once they are done. */
export function announcingChanges<T extends object>(
  inner: T,
  invalidation: CacheInvalidation,
  access: MethodAccess<T>,
): T {
  const replaced: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(access) as [string, 'read' | 'insert' | Announced<unknown[]>][]) {
    if (typeof kind === 'string') continue;
    const write = (inner as Record<string, (...args: unknown[]) => Promise<unknown>>)[name];
    if (!write) throw new Error(`no method ${name} to announce`);
    replaced[name] = async (...args: unknown[]) => {
      try {
        return await write.apply(inner, args);
      } finally {
        invalidation.changedHere(kind.writes(...args));
      }
    };
  }
  return overrideMethods(inner, replaced as Partial<Methods<T>>);
}

/** The decorator announcing a port's writes, by `access`: `announcingChanges` with it. */
export const announcer =
  <T extends object>(access: MethodAccess<T>) =>
  (inner: T, invalidation: CacheInvalidation): T =>
    announcingChanges(inner, invalidation, access);
