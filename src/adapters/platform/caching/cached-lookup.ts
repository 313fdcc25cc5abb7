import type { CacheInvalidation } from './cache-invalidation.ts';
import { type ForgetRules, forgetting, InvalidatedCache } from './invalidated-cache.ts';
import { overrideMethods } from './method-overrides.ts';

type LookupOf<F> = F extends (key: string) => Promise<infer V> ? NonNullable<V> : never;
type Lookups<T> = { [K in keyof T]: T[K] extends (key: string) => Promise<unknown> ? K : never }[keyof T];

/**
 * The decorator caching a port's one-key lookup `method`: `inner` with that method answered from an
 * `InvalidatedCache` (at most `maxEntries`) that forgets by `rules`; every other method is inner's own. A
 * lookup that finds nothing is asked again.
 */
export function cachedLookup<T extends object, K extends Lookups<T>>(
  method: K,
  rules: ForgetRules<LookupOf<T[K]>>,
  /** Names the cache in its hit and miss counts (the `cache_lookups_total` metric). */
  name?: string,
): (inner: T, invalidation: CacheInvalidation, maxEntries: number) => T {
  return (inner, invalidation, maxEntries) => {
    const cache = new InvalidatedCache<LookupOf<T[K]>>({
      invalidation,
      name,
      maxEntries,
      forget: forgetting(rules),
    });
    const lookup = inner[method] as (key: string) => Promise<LookupOf<T[K]> | undefined>;
    const cached = (key: string) => cache.get(key, () => lookup.call(inner, key));
    return overrideMethods(inner, { [method]: cached } as Parameters<typeof overrideMethods<T>>[1]);
  };
}
