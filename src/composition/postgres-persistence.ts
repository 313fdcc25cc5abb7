import { isDatabaseUnavailable } from '../adapters/persistence/postgres/database-unavailable.ts';
import { MikroOrmBrowserSessionRepository } from '../adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import { MikroOrmLoginSessionRepository } from '../adapters/persistence/postgres/mikro-orm-login-session-repository.ts';
import { MikroOrmMissionRepository } from '../adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { MikroOrmRunRepository } from '../adapters/persistence/postgres/mikro-orm-run-repository.ts';
import { MikroOrmUnitOfWork } from '../adapters/persistence/postgres/mikro-orm-unit-of-work.ts';
import { MikroOrmUserRepository } from '../adapters/persistence/postgres/mikro-orm-user-repository.ts';
import { MikroOrmWorkspaceRepository } from '../adapters/persistence/postgres/mikro-orm-workspace-repository.ts';
import type { PostgresConnection } from '../adapters/persistence/postgres/orm.ts';
import { PostgresAuditLog } from '../adapters/persistence/postgres/postgres-audit-log.ts';
import { PostgresDeliveryRepository } from '../adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresReadinessProbe } from '../adapters/persistence/postgres/postgres-readiness-probe.ts';
import { PostgresSigningKeys } from '../adapters/persistence/postgres/postgres-signing-keys.ts';
import { PostgresTriggerRepository } from '../adapters/persistence/postgres/postgres-trigger-repository.ts';
import type { PersistenceCradle } from './cradle.ts';
import { type Registrations, singleton, value } from './registration.ts';

/** `PERSISTENCE=postgres`: every stateful port on the one PostgreSQL database the server opened. */
export function postgresPersistence({ orm }: PostgresConnection): Registrations<keyof PersistenceCradle> {
  return {
    isUnavailable: value(isDatabaseUnavailable),
    unitOfWork: value(new MikroOrmUnitOfWork({ orm })),
    readinessProbe: value(new PostgresReadinessProbe({ orm })),
    users: value(new MikroOrmUserRepository({ orm })),
    workspaces: value(new MikroOrmWorkspaceRepository({ orm })),
    loginSessions: value(new MikroOrmLoginSessionRepository({ orm })),
    browserSessions: value(new MikroOrmBrowserSessionRepository({ orm })),
    auditLog: singleton(({ logger, clock }) => new PostgresAuditLog({ orm, logger, clock })),
    signingKeys: singleton(
      ({ secretBox, clock, config }) => new PostgresSigningKeys({ orm, secretBox, clock, config }),
    ),
    accessTokenKeys: singleton(({ signingKeys }) => signingKeys as PostgresSigningKeys),
    missions: value(new MikroOrmMissionRepository({ orm })),
    runs: value(new MikroOrmRunRepository({ orm })),
    triggers: singleton(({ webhookSecretBox }) => new PostgresTriggerRepository({ orm, webhookSecretBox })),
    deliveries: singleton(({ logger }) => new PostgresDeliveryRepository({ orm, logger })),
  };
}
