import type { CacheInvalidation, Change } from './cache-invalidation.ts';

type Method = (...args: never[]) => Promise<unknown>;
type Methods<T> = { [K in keyof T as T[K] extends Method ? K : never]: T[K] };

/**
 * `inner` with some methods replaced: every other method is inner's own, called on inner (so a class with
 * private fields works behind it). How each decorator here reuses the whole port while changing two calls.
 */
export function overrideMethods<T extends object>(inner: T, replaced: Partial<Methods<T>>): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(inner, {
    get(target, name) {
      if (Object.hasOwn(replaced, name)) return (replaced as Record<PropertyKey, unknown>)[name];
      const member = Reflect.get(target, name, target);
      if (typeof member !== 'function') return member;
      if (!bound.has(name)) bound.set(name, member.bind(target));
      return bound.get(name);
    },
  });
}

/** For each write method named, the changes a call makes (computed from its arguments). */
export type ChangesOf<T> = {
  [K in keyof Methods<T>]?: Methods<T>[K] extends (...args: infer A) => Promise<unknown>
    ? (...args: A) => Change[]
    : never;
};

/** `inner` whose named writes report what they changed to this instance's caches once they are done. */
export function announcingChanges<T extends object>(
  inner: T,
  invalidation: CacheInvalidation,
  changes: ChangesOf<T>,
): T {
  const replaced: Record<string, unknown> = {};
  for (const [name, changesOf] of Object.entries(changes) as [string, (...args: unknown[]) => Change[]][]) {
    const write = (inner as Record<string, (...args: unknown[]) => Promise<unknown>>)[name];
    if (!write) throw new Error(`no method ${name} to announce`);
    replaced[name] = async (...args: unknown[]) => {
      try {
        return await write.apply(inner, args);
      } finally {
        invalidation.changedHere(changesOf(...args));
      }
    };
  }
  return overrideMethods(inner, replaced as Partial<Methods<T>>);
}
