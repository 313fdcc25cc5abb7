import { CacheInvalidation, type LookupCounts } from '../adapters/platform/caching/cache-invalidation.ts';
import { type AccessChanges, EventStreams } from '../adapters/platform/http/event-streams.ts';
import { InMemoryUnitOfWork } from '../adapters/platform/memory/in-memory-unit-of-work.ts';
import { OneAtATimeCommits } from '../adapters/platform/memory/one-at-a-time-commits.ts';
import { MetricsListener } from '../adapters/platform/metrics/metrics-listener.ts';
import { NoMetrics, PromClientMetrics } from '../adapters/platform/metrics/prom-client-metrics.ts';
import { isDatabaseUnavailable } from '../adapters/platform/postgres/database-unavailable.ts';
import { PostgresGroupCommits } from '../adapters/platform/postgres/postgres-group-commits.ts';
import { PostgresUnitOfWork } from '../adapters/platform/postgres/postgres-unit-of-work.ts';
import type { Logger } from '../adapters/platform/system/logger.ts';
import { SystemClock } from '../adapters/platform/system/system-clock.ts';
import { UuidV7IdGenerator } from '../adapters/platform/system/uuid-v7-id-generator.ts';
import {
  createRateLimiterFactory,
  type RateLimiterFactory,
} from '../adapters/platform/throttling/rate-limiter-store.ts';
import { NO_TRACER } from '../adapters/platform/tracing/no-tracer.ts';
import { healthDocument } from '../adapters/system/http/health-document.ts';
import type { Clock } from '../application/kernel/ports/clock.ts';
import type { GroupCommits } from '../application/kernel/ports/group-commits.ts';
import type { IdGenerator } from '../application/kernel/ports/id-generator.ts';
import type { Metrics } from '../application/kernel/ports/metrics.ts';
import type { Tracer } from '../application/kernel/ports/tracer.ts';
import type { UnitOfWork } from '../application/kernel/ports/unit-of-work.ts';
import type { CheckHealth } from '../application/system/check-health.ts';
import type { Config } from '../config.ts';
import type { Quotas } from '../domain/kernel/quotas.ts';
import type { Area, Job } from './area.ts';
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
  groupCommits: GroupCommits;
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
  /** Where every area declares its metrics: kept in prom-client when `METRICS_PORT` is set, else ignored. */
  metrics: Metrics;
  /** `GET /metrics` on `METRICS_HOST:METRICS_PORT`; absent when metrics are off. */
  metricsListener: MetricsListener | undefined;
  /** Spans of requests, statements and use cases: OpenTelemetry's, or nothing (tracing off). */
  tracer: Tracer;
  /** The PostgreSQL pool's counts, for its metrics; absent in memory. */
  databasePool: PoolCounts | undefined;
  /** Hits, misses and bypasses of the caches of hot reads, by cache (empty without caches). */
  cacheLookups: ReadonlyMap<string, LookupCounts>;
}

/** What a pg pool tells of its connections. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** What the platform uses that a later area registers: the health detail its operator listener serves. */
export interface PlatformNeeds {
  checkHealth: CheckHealth;
}

const { singleton, instance, value } = registrar<PlatformCradle & PlatformNeeds>();
const { stored } = adaptersFor<PlatformCradle>();

export const platform: Area<PlatformCradle, PlatformCradle & PlatformNeeds> = {
  name: 'platform',
  register: ({ config, infrastructure: { logger, masterKey, postgres, tracer }, persistence }) => {
    const prometheus = config.metrics.port === undefined ? undefined : new PromClientMetrics();
    return {
      config: value(config),
      quotas: value(config.quotas),
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
      groupCommits: singleton(
        stored(persistence, {
          postgres: ({ db }) =>
            new PostgresGroupCommits({ db, budgetMs: config.databaseDeadlines.requestBudgetMs }),
          memory: () => new OneAtATimeCommits(),
        }),
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
      metrics: value(prometheus ?? new NoMetrics()),
      tracer: value(tracer ?? NO_TRACER),
      databasePool: value(postgres?.pool),
      cacheLookups: value(persistence.kind === 'postgres' ? persistence.caching.lookups : new Map()),
      metricsListener: singleton(
        (deps) =>
          prometheus &&
          new MetricsListener({
            metrics: prometheus,
            port: config.metrics.port ?? 0,
            host: config.metrics.host,
            token: config.metrics.token,
            logger,
            // Resolved when asked: the health detail checks every area's jobs, which are built after this.
            documents: new Map([['/health', () => healthDocument(deps.checkHealth)]]),
          }),
        (listener) => listener?.stop(),
      ),
    };
  },
  jobs: ({ metricsListener }): Job[] => (metricsListener ? [metricsListener] : []),
  metrics: ({ metrics, databasePool: pool, cacheLookups }) => {
    metrics.counterReading({
      name: 'cache_lookups_total',
      help: 'Reads of the caches of hot reads, by cache and result (hit, miss, bypassed while the change feed is down)',
      labelNames: ['cache', 'result'],
      read: () =>
        [...cacheLookups].flatMap(([cache, counts]) => [
          { labels: { cache, result: 'hit' }, value: counts.hits },
          { labels: { cache, result: 'miss' }, value: counts.misses },
          { labels: { cache, result: 'bypassed' }, value: counts.bypassed },
        ]),
    });
    if (!pool) return;
    metrics.gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: in use, idle, and requests waiting for one',
      labelNames: ['state'],
      read: () => [
        { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    });
  },
};
