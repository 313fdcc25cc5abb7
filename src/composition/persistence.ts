import type { Resolver } from 'awilix';
import type { CacheInvalidation } from '../adapters/platform/caching/cache-invalidation.ts';
import type { InMemoryStore } from '../adapters/platform/memory/in-memory-store.ts';
import type { PostgresDatabase } from '../adapters/platform/postgres/postgres-database.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import type { PostgresCaching } from './postgres-caching.ts';
import { registrar } from './registration.ts';

/** The family of stateful adapters: one PostgreSQL database (with its caches), or one in-memory store. */
export type Persistence =
  | { readonly kind: 'postgres'; readonly db: PostgresDatabase; readonly caching: PostgresCaching }
  | {
      readonly kind: 'memory';
      readonly store: InMemoryStore;
      /** No database announces changes here: the repositories' writes tell this feed (open event streams). */
      readonly changes: CacheInvalidation;
    };

export type PostgresPersistence = Extract<Persistence, { kind: 'postgres' }>;

/**
 * Choosing and building an area's stateful adapters from the configured family, typed by the area's
 * dependencies (`Deps`).
 */
export interface AdapterChoice<Deps> {
  /** A factory of the port's adapter for the configured family, for `singleton`. */
  stored<P, M>(
    persistence: Persistence,
    adapters: {
      postgres(persistence: PostgresPersistence, deps: Deps): P;
      memory(store: InMemoryStore, deps: Deps): M;
    },
  ): (deps: Deps) => P | M;
  /**
   * `stored` for a port PostgreSQL's caches read: the PostgreSQL adapter (made of `{ db }`) announces its writes
   * through `announce`; the in-memory one is made of `{ store }`.
   */
  announced<T>(
    persistence: Persistence,
    postgres: new (deps: { db: PostgresDatabase }) => T,
    announce: (inner: T, to: CacheInvalidation) => T,
    memory: new (deps: { store: InMemoryStore }) => T,
  ): (deps: Deps) => T;
  /**
   * A cached read of `source` with PostgreSQL's caches (see `PostgresCaching`); `source` itself in memory,
   * where there is nothing to gain.
   */
  cachedRead<T>(
    persistence: Persistence,
    source: (deps: Deps) => T,
    decorate: (inner: T, to: CacheInvalidation, max: number) => T,
  ): Resolver<T>;
}

export function adaptersFor<Deps extends { logger: Logger }>(): AdapterChoice<Deps> {
  const stored: AdapterChoice<Deps>['stored'] = (persistence, adapters) =>
    persistence.kind === 'postgres'
      ? (deps) => adapters.postgres(persistence, deps)
      : (deps) => adapters.memory(persistence.store, deps);
  return {
    stored,
    announced: (persistence, postgres, announce, memory) =>
      stored(persistence, {
        postgres: ({ db, caching }) => caching.announcing(new postgres({ db }), announce),
        // In memory the writes themselves tell the instance's change feed (open event streams listen).
        memory: (store) => announcedInMemory(persistence, new memory({ store }), announce),
      }),
    cachedRead: (persistence, source, decorate) =>
      persistence.kind === 'postgres'
        ? persistence.caching.cached(source, decorate)
        : registrar<Deps>().singleton(source),
  };
}

/** In memory, `repository` telling the instance's change feed of its writes (open event streams listen). */
export function announcedInMemory<T>(
  persistence: Persistence,
  repository: T,
  announce: (inner: T, to: CacheInvalidation) => T,
): T {
  return persistence.kind === 'memory' ? announce(repository, persistence.changes) : repository;
}
