import { announcingApiKeys, withCachedApiKeys } from '../adapters/api-keys/caching/api-key-caches.ts';
import { PostgresApiKeyRepository } from '../adapters/api-keys/postgres/postgres-api-key-repository.ts';
import { PostgresAuditLog } from '../adapters/audit/postgres-audit-log.ts';
import {
  announcingLoginSessions,
  announcingUsers,
  announcingWorkspaces,
  withCachedSessionsInUse,
  withCachedUsers,
  withCachedWorkspaceLists,
} from '../adapters/identity/caching/identity-caches.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/identity/postgres/mikro-orm-browser-session-repository.ts';
import { PostgresLoginSessionRepository } from '../adapters/identity/postgres/postgres-login-session-repository.ts';
import { PostgresSigningKeyStore } from '../adapters/identity/postgres/postgres-signing-key-store.ts';
import { PostgresUserRepository } from '../adapters/identity/postgres/postgres-user-repository.ts';
import { MikroOrmMissionRepository } from '../adapters/missions/postgres/mikro-orm-mission-repository.ts';
import { isDatabaseUnavailable } from '../adapters/platform/postgres/database-unavailable.ts';
import type { PostgresDatabase } from '../adapters/platform/postgres/postgres-database.ts';
import { PostgresUnitOfWork } from '../adapters/platform/postgres/postgres-unit-of-work.ts';
import { PostgresRunEventNotifier } from '../adapters/runs/postgres/postgres-run-event-notifier.ts';
import { PostgresRunEventRepository } from '../adapters/runs/postgres/postgres-run-event-repository.ts';
import { PostgresRunRepository } from '../adapters/runs/postgres/postgres-run-repository.ts';
import { PostgresScheduleRepository } from '../adapters/schedules/postgres/postgres-schedule-repository.ts';
import { PostgresReadinessProbe } from '../adapters/system/postgres-readiness-probe.ts';
import {
  announcingMissions,
  announcingTriggers,
  withCachedMissions,
  withCachedTriggerPaths,
} from '../adapters/triggers/caching/ingest-caches.ts';
import { PostgresDeliveryIntake } from '../adapters/triggers/postgres/postgres-delivery-intake.ts';
import { PostgresDeliveryRepository } from '../adapters/triggers/postgres/postgres-delivery-repository.ts';
import { PostgresTriggerRepository } from '../adapters/triggers/postgres/postgres-trigger-repository.ts';
import { PostgresWebhookEndpointRepository } from '../adapters/webhooks/postgres/postgres-webhook-endpoint-repository.ts';
import { PostgresWebhookMessageRepository } from '../adapters/webhooks/postgres/postgres-webhook-message-repository.ts';
import { PostgresInvitationRepository } from '../adapters/workspaces/postgres/postgres-invitation-repository.ts';
import { PostgresWorkspaceRepository } from '../adapters/workspaces/postgres/postgres-workspace-repository.ts';
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
