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
import type { PersistenceCradle } from './cradle.ts';
import { type Registrations, singleton, value } from './registration.ts';

/** `PERSISTENCE=postgres`: every stateful port on the one PostgreSQL database the server opened. */
export function postgresPersistence(db: PostgresDatabase): Registrations<keyof PersistenceCradle> {
  return {
    isUnavailable: value(isDatabaseUnavailable),
    unitOfWork: value(new PostgresUnitOfWork({ db })),
    readinessProbe: value(new PostgresReadinessProbe({ db })),
    users: value(new PostgresUserRepository({ db })),
    workspaces: value(new PostgresWorkspaceRepository({ db })),
    invitations: value(new PostgresInvitationRepository({ db })),
    apiKeys: value(new PostgresApiKeyRepository({ db })),
    loginSessions: value(new PostgresLoginSessionRepository({ db })),
    browserSessions: value(new MikroOrmBrowserSessionRepository({ db })),
    auditLog: singleton(({ logger, clock }) => new PostgresAuditLog({ db, logger, clock })),
    signingKeyStore: value(new PostgresSigningKeyStore({ db })),
    missions: value(new MikroOrmMissionRepository({ db })),
    runs: value(new PostgresRunRepository({ db })),
    runEvents: value(new PostgresRunEventRepository({ db })),
    runEventNotifier: singleton(
      ({ logger }) => new PostgresRunEventNotifier({ db, logger }),
      (notifier) => notifier.close(),
    ),
    schedules: value(new PostgresScheduleRepository({ db })),
    triggers: singleton(({ webhookSecretBox }) => new PostgresTriggerRepository({ db, webhookSecretBox })),
    deliveries: singleton(({ logger }) => new PostgresDeliveryRepository({ db, logger })),
    deliveryIntake: singleton(
      ({ config }) => new PostgresDeliveryIntake({ db, maxBatch: config.webhooks.intakeBatchMax }),
    ),
    webhookEndpoints: singleton(
      ({ webhookSecretBox }) => new PostgresWebhookEndpointRepository({ db, webhookSecretBox }),
    ),
    webhookMessages: value(new PostgresWebhookMessageRepository({ db })),
  };
}
