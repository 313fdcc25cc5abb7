import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type CounterBatch, counterOpsOneByOne } from './counter-batch.ts';
import { postgresCounterBatch } from './postgres-counter-batch.ts';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  rateLimiterPostgres,
  rateLimiterRedis,
} from './rate-limiter-classes.ts';
import { fallbackLimiter, limiterOptions, throttledReporter } from './store-fallback.ts';

const require = createRequire(import.meta.url);

/** Where rate-limit counters live: shared by every instance (`postgres`, `redis`) or per process (`memory`). */
export type RateLimitStoreKind = 'postgres' | 'redis' | 'memory';

/** One limiter: `points` actions per `duration` seconds for each key, in the `keyPrefix` namespace. */
export interface LimiterOptions {
  /** Namespace of this limiter's keys (`login_ip` stores `login_ip:<key>`). */
  readonly keyPrefix: string;
  /** Actions allowed per key and window. */
  readonly points: number;
  /** Window length in seconds (fixed window: starts at a key's first action, resets whole when it ends). */
  readonly duration: number;
  /** When set, a key that overspends is refused for this many seconds instead of until the window ends. */
  readonly blockDuration?: number;
}

/**
 * Makes rate-limiter-flexible limiters on one store: the application's PostgreSQL pool, or a Redis client
 * it owns.
 *
 * On `postgres` and `redis` every limiter carries an insurance limiter (rate-limiter-flexible's
 * `insuranceLimiter`): an in-memory limiter with the same options that decides whenever the store fails
 * (unreachable, timed out, not yet connected). Requests are then limited per process instead of per
 * deployment, never refused or failed because the store is down; counts made meanwhile stay in that
 * process's memory and are not merged back. Each fallback and each connection error is reported through
 * `onStoreError`, at most once a minute.
 */
export interface RateLimiterFactory {
  (options: LimiterOptions): RateLimiterAbstract;
  readonly kind: RateLimitStoreKind;
  /** Operations on several counters of this factory's limiters in one round trip where the store allows it. */
  readonly batch: CounterBatch;
  /** Resolves once the store answers (for PostgreSQL: and the `rate_limits` table exists); rejects otherwise. */
  ready(): Promise<void>;
  /** Closes the Redis client (the PostgreSQL pool belongs to the database). Limiters then decide in memory. */
  close(): Promise<void>;
}

export interface RateLimiterStoreDeps {
  /**
   * The application's PostgreSQL pool; required for `postgres`. The database must hold the `rate_limits`
   * table (migration 0001). Shared, not owned: `close()` leaves it open.
   */
  readonly pool?: pg.Pool;
  /** Redis URL; required for `redis`. */
  readonly redisUrl?: string;
  /** Told when the store fails and a decision falls back to memory, or the connection reports an error. */
  readonly onStoreError?: (error: Error) => void;
  /** Query timeout in milliseconds before falling back to memory (default 500 on PostgreSQL, 2000 on Redis). */
  readonly timeoutMs?: number;
}

/** The table created by migration 0001, in the shape RateLimiterPostgres expects (key, points, expire). */
const POSTGRES_TABLE = 'rate_limits';

/** Creates the limiter factory for the configured store (`RATE_LIMIT_STORE`). */
export function createRateLimiterFactory(
  kind: RateLimitStoreKind,
  deps: RateLimiterStoreDeps = {},
): RateLimiterFactory {
  const report = throttledReporter(deps.onStoreError);
  switch (kind) {
    case 'memory':
      return Object.assign((options: LimiterOptions) => new RateLimiterMemory(limiterOptions(options)), {
        kind,
        batch: counterOpsOneByOne,
        ready: async () => {},
        close: async () => {},
      });
    case 'postgres':
      return postgresFactory(deps, report);
    case 'redis':
      return redisFactory(deps, report);
  }
}

function postgresFactory(deps: RateLimiterStoreDeps, report: (error: Error) => void): RateLimiterFactory {
  const { pool } = deps;
  if (!pool) throw new Error('the postgres rate-limit store needs the database pool');
  // The application's own pool (one pool per database). A counter is on the path of every login, refresh and
  // delivery: one that does not answer within `timeoutMs`, the wait for a free connection included (a pool
  // stuck on an unreachable database would otherwise hold it for its connect timeout), is decided in memory.
  const timeoutMs = deps.timeoutMs ?? 500;
  const storeClient = {
    query: (query: pg.QueryConfig) => {
      // pg reads `query_timeout` per query too; its types list it only among the pool's options.
      const timed: pg.QueryConfig = Object.assign({}, query, { query_timeout: timeoutMs });
      return within(timeoutMs, pool.query(timed));
    },
  };
  let sweeping = false;
  const RateLimiterPostgres = rateLimiterPostgres();
  const create = (options: LimiterOptions) => {
    // Every limiter shares the table: one of them deleting rows expired over an hour ago (every 5 minutes,
    // rate-limiter-flexible's `clearExpiredByTimeout`) is enough.
    const clearExpiredByTimeout = !sweeping;
    sweeping = true;
    return new RateLimiterPostgres({
      ...limiterOptions(options),
      storeClient,
      storeType: 'pool',
      tableName: POSTGRES_TABLE,
      tableCreated: true,
      clearExpiredByTimeout,
      insuranceLimiter: fallbackLimiter(options, 'postgres', report),
    });
  };
  return Object.assign(create, {
    kind: 'postgres' as const,
    batch: postgresCounterBatch(storeClient, POSTGRES_TABLE),
    ready: async () => {
      await storeClient.query({ text: `select key, points, expire from ${POSTGRES_TABLE} limit 0` });
    },
    close: async () => {},
  });
}

function redisFactory(deps: RateLimiterStoreDeps, report: (error: Error) => void): RateLimiterFactory {
  if (!deps.redisUrl) throw new Error('the redis rate-limit store needs a Redis URL');
  // Loaded here, not at the top: a server whose counters are elsewhere never loads the Redis client.
  const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
  const RateLimiterRedis = rateLimiterRedis();
  const client = new RedisClient(deps.redisUrl, {
    // Fail at once while disconnected (the insurance limiter decides) instead of queueing commands.
    enableOfflineQueue: false,
    lazyConnect: true,
    connectTimeout: deps.timeoutMs ?? 2000,
    commandTimeout: deps.timeoutMs ?? 2000,
    maxRetriesPerRequest: 1,
  });
  client.on('error', report);
  client.connect().catch(() => {}); // reported through the 'error' event; ioredis keeps reconnecting
  let closed = false;
  const create = (options: LimiterOptions) =>
    new RateLimiterRedis({
      ...limiterOptions(options),
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: fallbackLimiter(options, 'redis', report),
    });
  return Object.assign(create, {
    kind: 'redis' as const,
    batch: counterOpsOneByOne,
    ready: async () => {
      if (closed) throw new Error('the redis rate-limit store is closed');
      if (client.status !== 'ready') await connected(client);
      await client.ping();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  });
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the rate-limit store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function connected(client: Redis): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      client.off('ready', onReady);
      client.off('error', onError);
      client.off('end', onEnd);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => settle();
    const onError = (error: Error) => settle(error);
    const onEnd = () => settle(new Error('the redis connection ended'));
    client.on('ready', onReady);
    client.on('error', onError);
    client.on('end', onEnd);
  });
}
