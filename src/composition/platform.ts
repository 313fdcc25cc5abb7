import { CacheInvalidation } from '../adapters/platform/caching/cache-invalidation.ts';
import { type AccessChanges, EventStreams } from '../adapters/platform/http/event-streams.ts';
import { InMemoryUnitOfWork } from '../adapters/platform/memory/in-memory-unit-of-work.ts';
import { isDatabaseUnavailable } from '../adapters/platform/postgres/database-unavailable.ts';
import { PostgresUnitOfWork } from '../adapters/platform/postgres/postgres-unit-of-work.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import { SystemClock } from '../adapters/platform/system/system-clock.ts';
import { UuidV7IdGenerator } from '../adapters/platform/system/uuid-v7-id-generator.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../adapters/platform/throttling/rate-limiter-store.ts';
import type { Clock } from '../application/kernel/ports/clock.ts';
import type { IdGenerator } from '../application/kernel/ports/id-generator.ts';
import type { UnitOfWork } from '../application/kernel/ports/unit-of-work.ts';
import type { Config } from '../config.ts';
import type { Quotas } from '../domain/kernel/quotas.ts';
import type { Area } from './area.ts';
import { adaptersFor } from './persistence.ts';
import { registrar } from './registration.ts';

/** Configuration, logging, time, ids, transactions and rate-limit counters: what every area may use. */
export interface PlatformCradle {
  config: Config;
  logger: Logger;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  masterKey: Buffer;
  clock: Clock;
  ids: IdGenerator;
  /** Tells a database outage (answered 503) from any other error. */
  isUnavailable: (error: unknown) => boolean;
  unitOfWork: UnitOfWork;
  /** Rate-limit counters on the store `RATE_LIMIT_STORE` names. */
  rateLimiterFactory: RateLimiterFactory;
  /**
   * Every committed change to sessions, users, memberships, workspaces and API keys, whatever `CACHE` says:
   * open event streams check their caller's access again on each.
   */
  accessChanges: AccessChanges;
  /** The instance's open event streams: their caps, lifetimes and access re-checks. */
  eventStreams: EventStreams;
  /** What one workspace may hold (and one user create). */
  quotas: Quotas;
}

const { singleton, instance, value } = registrar<PlatformCradle>();
const { stored } = adaptersFor<PlatformCradle>();

export const platform: Area<PlatformCradle> = {
  name: 'platform',
  register: ({ config, infrastructure: { logger, masterKey, postgres }, persistence }) => ({
    config: value(config),
    quotas: value(config.quotas),
    logger: value(logger),
    masterKey: value(masterKey),
    clock: instance(SystemClock),
    ids: instance(UuidV7IdGenerator),
    isUnavailable: value(persistence.kind === 'postgres' ? isDatabaseUnavailable : () => false),
    unitOfWork: singleton(
      stored(persistence, {
        postgres: ({ db }) => new PostgresUnitOfWork({ db }),
        memory: (store) => new InMemoryUnitOfWork({ store }),
      }),
    ),
    accessChanges: singleton(
      stored(persistence, {
        postgres: ({ caching }, deps) => caching.changes(deps),
        memory: () => (persistence.kind === 'memory' ? persistence.changes : new CacheInvalidation()),
      }),
    ),
    eventStreams: singleton(
      ({ accessChanges }) =>
        new EventStreams({
          accessChanges,
          logger,
          caps: {
            perHolder: config.eventStreams.perCaller,
            perInstance: config.eventStreams.perInstance,
            maxLifetimeMs: config.eventStreams.maxLifetimeSeconds * 1000,
          },
        }),
      (streams) => streams.closeAll(),
    ),
    rateLimiterFactory: singleton(
      () =>
        createRateLimiterFactory(config.rateLimitStore, {
          pool: postgres?.pool,
          redisUrl: config.redisUrl,
          onStoreError: (error) =>
            logger.warn({ err: error.message }, 'rate-limit store error; deciding in memory'),
        }),
      (factory) => factory.close(),
    ),
  }),
};
