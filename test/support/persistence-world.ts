import { randomBytes, randomUUID } from 'node:crypto';
import { AesGcmSecretBox } from '../../src/adapters/crypto/aes-gcm-secret-box.ts';
import { InMemoryAuditLog } from '../../src/adapters/persistence/in-memory/in-memory-audit-log.ts';
import { InMemoryBrowserSessionRepository } from '../../src/adapters/persistence/in-memory/in-memory-browser-session-repository.ts';
import { InMemoryDeliveryRepository } from '../../src/adapters/persistence/in-memory/in-memory-delivery-repository.ts';
import { InMemoryLoginSessionRepository } from '../../src/adapters/persistence/in-memory/in-memory-login-session-repository.ts';
import { InMemoryMissionRepository } from '../../src/adapters/persistence/in-memory/in-memory-mission-repository.ts';
import { InMemoryRunRepository } from '../../src/adapters/persistence/in-memory/in-memory-run-repository.ts';
import {
  InMemoryStore,
  type RecordedAuditEvent,
} from '../../src/adapters/persistence/in-memory/in-memory-store.ts';
import { InMemoryTriggerRepository } from '../../src/adapters/persistence/in-memory/in-memory-trigger-repository.ts';
import { InMemoryUnitOfWork } from '../../src/adapters/persistence/in-memory/in-memory-unit-of-work.ts';
import { InMemoryUserRepository } from '../../src/adapters/persistence/in-memory/in-memory-user-repository.ts';
import { InMemoryWorkspaceRepository } from '../../src/adapters/persistence/in-memory/in-memory-workspace-repository.ts';
import { MikroOrmBrowserSessionRepository } from '../../src/adapters/persistence/postgres/mikro-orm-browser-session-repository.ts';
import { MikroOrmLoginSessionRepository } from '../../src/adapters/persistence/postgres/mikro-orm-login-session-repository.ts';
import { MikroOrmMissionRepository } from '../../src/adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { MikroOrmRunRepository } from '../../src/adapters/persistence/postgres/mikro-orm-run-repository.ts';
import { MikroOrmUnitOfWork } from '../../src/adapters/persistence/postgres/mikro-orm-unit-of-work.ts';
import { MikroOrmUserRepository } from '../../src/adapters/persistence/postgres/mikro-orm-user-repository.ts';
import { MikroOrmWorkspaceRepository } from '../../src/adapters/persistence/postgres/mikro-orm-workspace-repository.ts';
import { PostgresAuditLog } from '../../src/adapters/persistence/postgres/postgres-audit-log.ts';
import { PostgresDeliveryRepository } from '../../src/adapters/persistence/postgres/postgres-delivery-repository.ts';
import { PostgresTriggerRepository } from '../../src/adapters/persistence/postgres/postgres-trigger-repository.ts';
import { createLogger } from '../../src/adapters/system/logger.ts';
import type { AuditLog } from '../../src/application/ports/audit-log.ts';
import type { BrowserSessionRepository } from '../../src/application/ports/browser-session-repository.ts';
import type { DeliveryRepository } from '../../src/application/ports/delivery-repository.ts';
import type { LoginSessionRepository } from '../../src/application/ports/login-session-repository.ts';
import type { MissionRepository } from '../../src/application/ports/mission-repository.ts';
import type { RunRepository } from '../../src/application/ports/run-repository.ts';
import type { TriggerRepository } from '../../src/application/ports/trigger-repository.ts';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.ts';
import type { UserRepository } from '../../src/application/ports/user-repository.ts';
import type { WorkspaceRepository } from '../../src/application/ports/workspace-repository.ts';
import { Mission } from '../../src/domain/missions/mission.ts';
import { Run } from '../../src/domain/runs/run.ts';
import { User } from '../../src/domain/users/user.ts';
import { Membership, Workspace } from '../../src/domain/workspaces/workspace.ts';
import { FixedClock } from './auth-fakes.ts';
import { testDatabase } from './test-database.ts';

/** Every persistence port a contract suite tests, from one family of adapters. */
export interface World {
  readonly users: UserRepository;
  readonly workspaces: WorkspaceRepository;
  readonly missions: MissionRepository;
  readonly runs: RunRepository;
  readonly unitOfWork: UnitOfWork;
  readonly loginSessions: LoginSessionRepository;
  readonly browserSessions: BrowserSessionRepository;
  readonly triggers: TriggerRepository;
  readonly deliveries: DeliveryRepository;
  readonly auditLog: AuditLog;
  /** The clock the audit log stamps events with. */
  readonly auditClock: FixedClock;
  /** The audit events stored about `userId`, oldest first (the port has no read side: each family's own). */
  auditEventsOf(userId: string): Promise<RecordedAuditEvent[]>;
}

export function inMemoryWorld(): World {
  const store = new InMemoryStore();
  const auditClock = new FixedClock();
  const auditLog = new InMemoryAuditLog({ store, clock: auditClock });
  return {
    users: new InMemoryUserRepository({ store }),
    workspaces: new InMemoryWorkspaceRepository({ store }),
    missions: new InMemoryMissionRepository({ store }),
    runs: new InMemoryRunRepository({ store }),
    unitOfWork: new InMemoryUnitOfWork({ store }),
    loginSessions: new InMemoryLoginSessionRepository({ store }),
    browserSessions: new InMemoryBrowserSessionRepository({ store }),
    triggers: new InMemoryTriggerRepository({ store }),
    deliveries: new InMemoryDeliveryRepository({ store }),
    auditLog,
    auditClock,
    auditEventsOf: async (userId) => auditLog.events.filter((event) => event.userId === userId),
  };
}

const webhookSecretBox = new AesGcmSecretBox({ masterKey: randomBytes(32) });

export async function postgresWorld(): Promise<World> {
  const { orm } = await testDatabase();
  const logger = createLogger('silent');
  const auditClock = new FixedClock();
  return {
    users: new MikroOrmUserRepository({ orm }),
    workspaces: new MikroOrmWorkspaceRepository({ orm }),
    missions: new MikroOrmMissionRepository({ orm }),
    runs: new MikroOrmRunRepository({ orm }),
    unitOfWork: new MikroOrmUnitOfWork({ orm }),
    loginSessions: new MikroOrmLoginSessionRepository({ orm }),
    browserSessions: new MikroOrmBrowserSessionRepository({ orm }),
    triggers: new PostgresTriggerRepository({ orm, webhookSecretBox }),
    deliveries: new PostgresDeliveryRepository({ orm, logger }),
    auditLog: new PostgresAuditLog({ orm, logger, clock: auditClock }),
    auditClock,
    auditEventsOf: async (userId) => {
      const rows = await orm.em
        .fork()
        .execute<AuditRow[]>(
          'select id, type, user_id, session_id, ip, details, created_at from audit_events where user_id = ? order by created_at, id',
          [userId],
        );
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        userId: row.user_id,
        sessionId: row.session_id,
        ip: row.ip,
        details: row.details,
        createdAt: new Date(row.created_at),
      }));
    },
  };
}

interface AuditRow {
  id: string;
  type: RecordedAuditEvent['type'];
  user_id: string | null;
  session_id: string | null;
  ip: string | null;
  details: RecordedAuditEvent['details'];
  created_at: Date;
}

/** Both adapters of the contract tests: each suite runs once per entry. */
export const WORLDS = [
  ['in-memory', async (): Promise<World> => inMemoryWorld()],
  ['PostgreSQL', postgresWorld],
] as const;

export const T0 = new Date('2026-11-21T12:00:00.000Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A user with their personal workspace (owner), stored through the ports. */
export async function seedUser(world: World, name = `u${randomUUID().slice(0, 8)}`) {
  const user = new User({
    id: randomUUID(),
    username: name,
    email: `${name}@example.com`,
    displayName: name.toUpperCase(),
    passwordHash: 'x',
    disabled: false,
    createdAt: T0,
  });
  const workspace = new Workspace({
    id: randomUUID(),
    name: `${name}'s workspace`,
    personal: true,
    createdAt: T0,
  });
  await world.users.create(
    user,
    workspace,
    new Membership({ workspaceId: workspace.id, userId: user.id, role: 'owner', createdAt: T0 }),
  );
  return { user, workspace };
}

export async function seedMission(world: World, workspaceId: string, createdAt = T0): Promise<Mission> {
  const mission = Mission.create({ id: randomUUID(), workspaceId, name: 'mission' }, createdAt);
  await world.missions.add(mission);
  return mission;
}

export async function seedRun(
  world: World,
  mission: Mission,
  createdAt = T0,
  input: unknown = null,
): Promise<Run> {
  const run = Run.queue({
    id: randomUUID(),
    missionId: mission.id,
    workspaceId: mission.workspaceId,
    triggerType: 'manual',
    input,
    now: createdAt,
  });
  await world.runs.add(run);
  return run;
}
