import { BoundedLru } from './bounded-lru.ts';
import type { CacheInvalidation, LookupCounts } from './cache-invalidation.ts';
import type { Change, ChangeKind } from './cached-rows.ts';

/**
 * Values loaded by key, kept (at most `maxEntries`, least recently used dropped) until a change says
 * otherwise. Bypassed while the invalidation feed is not live. A load that was under way when anything in
 * this cache was invalidated is not kept: it may have read the row before the change committed.
 */
export class InvalidatedCache<V> {
  readonly #entries: BoundedLru<string, V>;
  readonly #invalidation: CacheInvalidation;
  readonly #lookups: LookupCounts;
  /** Bumped by every invalidation, so a load can tell whether one happened while it ran. */
  #generation = 0;

  constructor(options: {
    invalidation: CacheInvalidation;
    /** Names the cache in its hit and miss counts (`CacheInvalidation.lookups`). */
    name?: string;
    maxEntries: number;
    /** Which entries `change` makes stale. */
    forget: (change: Change, cache: InvalidatedCache<V>) => void;
  }) {
    this.#entries = new BoundedLru(options.maxEntries);
    this.#invalidation = options.invalidation;
    this.#lookups = options.invalidation.lookupsOf(options.name ?? 'other');
    options.invalidation.subscribe({
      changed: (change) => options.forget(change, this),
      reset: () => this.clear(),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached value, else what `load` finds (kept unless undefined: absence is never cached). */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.#invalidation.live) {
      this.#lookups.bypassed++;
      return load();
    }
    const cached = this.#entries.get(key);
    if (cached !== undefined) {
      this.#lookups.hits++;
      return cached;
    }
    this.#lookups.misses++;
    const generation = this.#generation;
    const loaded = await load();
    if (loaded !== undefined && generation === this.#generation && this.#invalidation.live) {
      this.#entries.set(key, loaded);
    }
    return loaded;
  }

  delete(key: string): void {
    this.#generation++;
    this.#entries.delete(key);
  }

  deleteWhere(matches: (value: V) => boolean): void {
    this.#generation++;
    this.#entries.deleteWhere(matches);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}

/** How a cache forgets, per kind of change its values depend on (a change of any other kind leaves it be). */
export type ForgetRules<V> = {
  readonly [K in ChangeKind]?: (id: string, entries: InvalidatedCache<V>) => void;
};

/** The `forget` of a cache from its rules by kind. */
export function forgetting<V>(rules: ForgetRules<V>): (change: Change, entries: InvalidatedCache<V>) => void {
  return (change, entries) => rules[change.kind]?.(change.id, entries);
}
