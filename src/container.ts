import {
  type AwilixContainer,
  createContainer as createAwilixContainer,
  InjectionMode,
  type Resolver,
} from 'awilix';
import type { PostgresDatabase } from './adapters/platform/postgres/postgres-database.ts';
import type { Logger } from './adapters/platform/system/logger.ts';
import { SystemClock } from './adapters/platform/system/system-clock.ts';
import { UuidV7IdGenerator } from './adapters/platform/system/uuid-v7-id-generator.ts';
import { createRateLimiterFactory } from './adapters/platform/throttling/rate-limiter-store.ts';
import { makeCheckReadiness } from './application/system/check-readiness.ts';
import { apiKeys } from './composition/api-keys.ts';
import { browserSurface } from './composition/browser-surface.ts';
import type { CoreCradle, Cradle, PersistenceCradle, ThrottlingCradle } from './composition/cradle.ts';
import { http } from './composition/http.ts';
import { identity } from './composition/identity.ts';
import { memoryPersistence } from './composition/memory-persistence.ts';
import { outboundWebhooks } from './composition/outbound-webhooks.ts';
import { postgresPersistence } from './composition/postgres-persistence.ts';
import { instance, type Registrations, singleton, value } from './composition/registration.ts';
import { webhookTriggers } from './composition/webhook-triggers.ts';
import { workspacesMissionsRuns } from './composition/workspaces-missions-runs.ts';
import type { Config } from './config.ts';

export type { Cradle } from './composition/cradle.ts';

/** What only the process can open, once, before wiring: the logger, the master key, the database. */
export interface Infrastructure {
  readonly logger: Logger;
  /** 32 bytes from which every at-rest encryption and token key is derived. */
  readonly masterKey: Buffer;
  /** The open, migrated database; required when `PERSISTENCE=postgres`. */
  readonly postgres?: PostgresDatabase;
}

export interface ContainerOptions {
  readonly infrastructure: Infrastructure;
  /** Replaces registrations by name (a fixed clock, a fake hasher): the one seam tests use. */
  readonly overrides?: Partial<Registrations>;
}

/**
 * The one composition root: configuration in, the whole application out. Every registration is typed
 * (`Registrations` has a resolver for each key of `Cradle`), so a missing, misnamed or mistyped dependency is
 * a type error, not a failure at the first request.
 */
export function createContainer(
  config: Config,
  { infrastructure, overrides = {} }: ContainerOptions,
): AwilixContainer<Cradle> {
  const registrations: Registrations = {
    ...core(config, infrastructure),
    ...persistence(config, infrastructure),
    ...throttling(config, infrastructure),
    ...identity(config),
    ...apiKeys(),
    ...browserSurface(config),
    ...workspacesMissionsRuns(config),
    ...webhookTriggers(config),
    ...outboundWebhooks(config),
    ...http(config),
    ...overrides,
  };
  const container = createAwilixContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register(registrations as Record<keyof Cradle, Resolver<unknown>>);
  return container;
}

function core(config: Config, { logger, masterKey }: Infrastructure): Registrations<keyof CoreCradle> {
  return {
    config: value(config),
    logger: value(logger),
    masterKey: value(masterKey),
    clock: instance(SystemClock),
    ids: instance(UuidV7IdGenerator),
    checkReadiness: singleton(makeCheckReadiness),
  };
}

function persistence(config: Config, { postgres }: Infrastructure): Registrations<keyof PersistenceCradle> {
  if (config.persistence === 'memory') return memoryPersistence();
  if (!postgres) throw new Error('PERSISTENCE=postgres needs an open database');
  return postgresPersistence(postgres, { cache: config.cache === 'on' });
}

function throttling(config: Config, { postgres }: Infrastructure): Registrations<keyof ThrottlingCradle> {
  return {
    rateLimiterFactory: singleton(
      ({ logger }) =>
        createRateLimiterFactory(config.rateLimitStore, {
          pool: postgres?.pool,
          redisUrl: config.redisUrl,
          onStoreError: (error) =>
            logger.warn({ err: error.message }, 'rate-limit store error; deciding in memory'),
        }),
      (factory) => factory.close(),
    ),
  };
}
