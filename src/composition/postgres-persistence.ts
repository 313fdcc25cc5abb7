import { CacheInvalidation } from '../adapters/caching/cache-invalidation.ts';
import {
  announcingLoginSessions,
  announcingUsers,
  announcingWorkspaces,
  withCachedSessionsInUse,
  withCachedUsers,
  withCachedWorkspaceLists,
} from '../adapters/caching/identity-caches.ts';
import { isDatabaseUnavailable } from '../adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import { MikroOrmMissionRepository } from '../adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { PostgresApiKeyRepository } from '../adapters/persistence/postgres/postgres-api-key-repository.ts';
import { PostgresAuditLog } from '../adapters/persistence/postgres/postgres-audit-log.ts';
import { feedCacheInvalidation } from '../adapters/persistence/postgres/postgres-cache-feed.ts';
import type { PostgresDatabase } from '../adapters/persistence/postgres/postgres-database.ts';
import { PostgresDeliveryRepository } from '../adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresInvitationRepository } from '../adapters/persistence/postgres/postgres-invitation-repository.ts';
import { PostgresListener } from '../adapters/persistence/postgres/postgres-listener.ts';
import { PostgresLoginSessionRepository } from '../adapters/persistence/postgres/postgres-login-session-repository.ts';
import { PostgresReadinessProbe } from '../adapters/persistence/postgres/postgres-readiness-probe.ts';
import { PostgresRunEventNotifier } from '../adapters/persistence/postgres/postgres-run-event-notifier.ts';
import { PostgresRunEventRepository } from '../adapters/persistence/postgres/postgres-run-event-repository.ts';
import { PostgresRunRepository } from '../adapters/persistence/postgres/postgres-run-repository.ts';
import { PostgresScheduleRepository } from '../adapters/persistence/postgres/postgres-schedule-repository.ts';
import { PostgresSigningKeyStore } from '../adapters/persistence/postgres/postgres-signing-key-store.ts';
import { PostgresTriggerRepository } from '../adapters/persistence/postgres/postgres-trigger-repository.ts';
import { PostgresUnitOfWork } from '../adapters/persistence/postgres/postgres-unit-of-work.ts';
import { PostgresUserRepository } from '../adapters/persistence/postgres/postgres-user-repository.ts';
import { PostgresWebhookEndpointRepository } from '../adapters/persistence/postgres/postgres-webhook-endpoint-repository.ts';
import { PostgresWebhookMessageRepository } from '../adapters/persistence/postgres/postgres-webhook-message-repository.ts';
import { PostgresWorkspaceRepository } from '../adapters/persistence/postgres/postgres-workspace-repository.ts';
import type { Cradle, PersistenceCradle } from './cradle.ts';
import { type Registrations, singleton, value } from './registration.ts';

/** Entries per cache: a few MB at most, far more than the users active within a token's lifetime here. */
const CACHE_ENTRIES = 10_000;

/**
 * `PERSISTENCE=postgres`: every stateful port on the one PostgreSQL database the server opened. With
 * `cache`, hot reads are cached in this process: writes made here invalidate them at once, the database
 * announces every change (NOTIFY, see migration 0009) on the instance's one LISTEN connection, which it
 * shares with run events.
 */
export function postgresPersistence(
  db: PostgresDatabase,
  { cache }: { cache: boolean },
): Registrations<keyof PersistenceCradle> {
  let listener: PostgresListener | undefined;
  const listenerFor = ({ logger }: Cradle) => {
    listener ??= new PostgresListener({ db, logger });
    return listener;
  };
  const closeListener = () => listener?.close();
  const invalidation = cache
    ? new CacheInvalidation({ afterTransaction: (callback) => db.afterTransaction(callback) })
    : undefined;
  const announcing = <T>(repository: T, announce: (inner: T, to: CacheInvalidation) => T): T =>
    invalidation ? announce(repository, invalidation) : repository;
  let feeding = false;
  /** A cached read; the caches go live once LISTEN works, so the feed starts when the first is resolved. */
  const cached = <T>(plain: T, decorate: (inner: T, to: CacheInvalidation, maxEntries: number) => T) =>
    singleton(
      (cradle) => {
        if (!invalidation) return plain;
        if (!feeding) feedCacheInvalidation(listenerFor(cradle), invalidation);
        feeding = true;
        return decorate(plain, invalidation, CACHE_ENTRIES);
      },
      invalidation ? closeListener : undefined,
    );
  const users = announcing(new PostgresUserRepository({ db }), announcingUsers);
  const workspaces = announcing(new PostgresWorkspaceRepository({ db }), announcingWorkspaces);
  const loginSessions = announcing(new PostgresLoginSessionRepository({ db }), announcingLoginSessions);
  return {
    isUnavailable: value(isDatabaseUnavailable),
    unitOfWork: value(new PostgresUnitOfWork({ db })),
    readinessProbe: value(new PostgresReadinessProbe({ db })),
    users: value(users),
    workspaces: value(workspaces),
    invitations: value(new PostgresInvitationRepository({ db })),
    apiKeys: value(new PostgresApiKeyRepository({ db })),
    loginSessions: value(loginSessions),
    cachedLoginSessions: cached(loginSessions, withCachedSessionsInUse),
    cachedUsers: cached(users, withCachedUsers),
    cachedWorkspaces: cached(workspaces, withCachedWorkspaceLists),
    browserSessions: value(new MikroOrmBrowserSessionRepository({ db })),
    auditLog: singleton(({ logger, clock }) => new PostgresAuditLog({ db, logger, clock })),
    signingKeyStore: value(new PostgresSigningKeyStore({ db })),
    missions: value(new MikroOrmMissionRepository({ db })),
    runs: value(new PostgresRunRepository({ db })),
    runEvents: value(new PostgresRunEventRepository({ db })),
    runEventNotifier: singleton(
      (cradle) => new PostgresRunEventNotifier({ postgresListener: listenerFor(cradle) }),
      closeListener,
    ),
    schedules: value(new PostgresScheduleRepository({ db })),
    triggers: singleton(({ webhookSecretBox }) => new PostgresTriggerRepository({ db, webhookSecretBox })),
    deliveries: singleton(({ logger }) => new PostgresDeliveryRepository({ db, logger })),
    webhookEndpoints: singleton(
      ({ webhookSecretBox }) => new PostgresWebhookEndpointRepository({ db, webhookSecretBox }),
    ),
    webhookMessages: value(new PostgresWebhookMessageRepository({ db })),
  };
}
