import { announcingApiKeys, withCachedApiKeys } from '../adapters/caching/api-key-caches.ts';
import {
  announcingLoginSessions,
  announcingUsers,
  announcingWorkspaces,
  withCachedSessionsInUse,
  withCachedUsers,
  withCachedWorkspaceLists,
} from '../adapters/caching/identity-caches.ts';
import {
  announcingMissions,
  announcingTriggers,
  withCachedMissions,
  withCachedTriggerPaths,
} from '../adapters/caching/ingest-caches.ts';
import { isDatabaseUnavailable } from '../adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import { MikroOrmMissionRepository } from '../adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { PostgresApiKeyRepository } from '../adapters/persistence/postgres/postgres-api-key-repository.ts';
import { PostgresAuditLog } from '../adapters/persistence/postgres/postgres-audit-log.ts';
import type { PostgresDatabase } from '../adapters/persistence/postgres/postgres-database.ts';
import { PostgresDeliveryIntake } from '../adapters/persistence/postgres/postgres-delivery-intake.ts';
import { PostgresDeliveryRepository } from '../adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresInvitationRepository } from '../adapters/persistence/postgres/postgres-invitation-repository.ts';
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
import { PostgresCaching } from './postgres-caching.ts';
import { type Registrations, singleton, value } from './registration.ts';

/**
 * `PERSISTENCE=postgres`: every stateful port on the one PostgreSQL database the server opened, hot reads
 * cached when `cache` (see `PostgresCaching`).
 */
export function postgresPersistence(
  db: PostgresDatabase,
  { cache }: { cache: boolean },
): Registrations<keyof PersistenceCradle> {
  const caching = new PostgresCaching(db, { cache });
  const users = caching.announcing(new PostgresUserRepository({ db }), announcingUsers);
  const workspaces = caching.announcing(new PostgresWorkspaceRepository({ db }), announcingWorkspaces);
  const loginSessions = caching.announcing(
    new PostgresLoginSessionRepository({ db }),
    announcingLoginSessions,
  );
  const apiKeys = caching.announcing(new PostgresApiKeyRepository({ db }), announcingApiKeys);
  const missions = caching.announcing(new MikroOrmMissionRepository({ db }), announcingMissions);
  const triggers = singleton(({ webhookSecretBox }: Cradle) =>
    caching.announcing(new PostgresTriggerRepository({ db, webhookSecretBox }), announcingTriggers),
  );
  return {
    isUnavailable: value(isDatabaseUnavailable),
    unitOfWork: value(new PostgresUnitOfWork({ db })),
    readinessProbe: value(new PostgresReadinessProbe({ db })),
    users: value(users),
    workspaces: value(workspaces),
    invitations: value(new PostgresInvitationRepository({ db })),
    apiKeys: value(apiKeys),
    cachedApiKeys: caching.cached(() => apiKeys, withCachedApiKeys),
    loginSessions: value(loginSessions),
    cachedLoginSessions: caching.cached(() => loginSessions, withCachedSessionsInUse),
    cachedUsers: caching.cached(() => users, withCachedUsers),
    cachedWorkspaces: caching.cached(() => workspaces, withCachedWorkspaceLists),
    browserSessions: value(new MikroOrmBrowserSessionRepository({ db })),
    auditLog: singleton(({ logger, clock }) => new PostgresAuditLog({ db, logger, clock })),
    signingKeyStore: value(new PostgresSigningKeyStore({ db })),
    missions: value(missions),
    cachedMissions: caching.cached(() => missions, withCachedMissions),
    runs: value(new PostgresRunRepository({ db })),
    runEvents: value(new PostgresRunEventRepository({ db })),
    runEventNotifier: singleton(
      (cradle) => new PostgresRunEventNotifier({ postgresListener: caching.listener(cradle) }),
      () => caching.close(),
    ),
    schedules: value(new PostgresScheduleRepository({ db })),
    triggers,
    cachedTriggers: caching.cached(({ triggers }) => triggers, withCachedTriggerPaths),
    deliveries: singleton(({ logger }) => new PostgresDeliveryRepository({ db, logger })),
    deliveryIntake: singleton(
      ({ config }) =>
        new PostgresDeliveryIntake({
          db,
          maxBatch: config.webhooks.intakeBatchMax,
          budgetMs: config.databaseDeadlines.requestBudgetMs,
        }),
    ),
    webhookEndpoints: singleton(
      ({ webhookSecretBox }) => new PostgresWebhookEndpointRepository({ db, webhookSecretBox }),
    ),
    webhookMessages: value(new PostgresWebhookMessageRepository({ db })),
  };
}
