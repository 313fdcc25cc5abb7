import type { Resolver } from 'awilix';
import { CacheInvalidation, type LookupCounts } from '../adapters/platform/caching/cache-invalidation.ts';
import { feedCacheInvalidation } from '../adapters/platform/caching/postgres-cache-feed.ts';
import type { PostgresDatabase } from '../adapters/platform/postgres/postgres-database.ts';
import { PostgresListener } from '../adapters/platform/postgres/postgres-listener.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import { registrar } from './registration.ts';

/** Entries per cache: a few MB at most, far more than the users active within a token's lifetime here. */
const CACHE_ENTRIES = 10_000;

/**
 * The instance's one LISTEN connection (run events and cache invalidation share it) and, with `CACHE=on`,
 * the caches of hot reads: writes made here invalidate them at once, and the database announces every
 * committed change (NOTIFY from row triggers, migration 0009) to every instance.
 */
export class PostgresCaching {
  readonly #db: PostgresDatabase;
  readonly #invalidation: CacheInvalidation | undefined;
  readonly #changes: CacheInvalidation;
  #listener: PostgresListener | undefined;
  #feeding = false;

  constructor(db: PostgresDatabase, { cache }: { cache: boolean }) {
    this.#db = db;
    this.#changes = new CacheInvalidation({ afterTransaction: (callback) => db.afterTransaction(callback) });
    this.#invalidation = cache ? this.#changes : undefined;
  }

  /** The database's change feed, with or without caches (open event streams re-check access on it). */
  changes(deps: { logger: Logger }): CacheInvalidation {
    this.#feed(deps);
    return this.#changes;
  }

  #feed(deps: { logger: Logger }): void {
    if (!this.#feeding) feedCacheInvalidation(this.listener(deps), this.#changes);
    this.#feeding = true;
  }

  /** Hits, misses and bypasses of each cache, by name (none without caches). */
  get lookups(): ReadonlyMap<string, LookupCounts> {
    return this.#invalidation?.lookups ?? new Map();
  }

  listener({ logger }: { logger: Logger }): PostgresListener {
    this.#listener ??= new PostgresListener({ db: this.#db, logger });
    return this.#listener;
  }

  async close(): Promise<void> {
    await this.#listener?.close();
  }

  /** `repository` telling the caches of its writes (as is without caches). */
  announcing<T>(repository: T, announce: (inner: T, to: CacheInvalidation) => T): T {
    return this.#invalidation ? announce(repository, this.#invalidation) : repository;
  }

  /** A cached read of `source` (`source` itself without caches); its resolution starts the feed. */
  cached<D extends { logger: Logger }, T>(
    source: (deps: D) => T,
    decorate: (inner: T, to: CacheInvalidation, max: number) => T,
  ): Resolver<T> {
    return registrar<D>().singleton(
      (cradle) => {
        const invalidation = this.#invalidation;
        if (!invalidation) return source(cradle);
        this.#feed(cradle);
        return decorate(source(cradle), invalidation, CACHE_ENTRIES);
      },
      () => this.close(),
    );
  }
}
