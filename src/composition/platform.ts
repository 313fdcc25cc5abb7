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
}

const { singleton, instance, value } = registrar<PlatformCradle>();
const { stored } = adaptersFor<PlatformCradle>();

export const platform: Area<PlatformCradle> = {
  name: 'platform',
  register: ({ config, infrastructure: { logger, masterKey, postgres }, persistence }) => ({
    config: value(config),
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
