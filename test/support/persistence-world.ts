import { randomUUID } from 'node:crypto';
import { InMemoryAuditLog } from '../../src/adapters/audit/in-memory-audit-log.ts';
import type { RecordedAuditEvent } from '../../src/adapters/audit/in-memory-audit-tables.ts';
import type { Config } from '../../src/config.ts';
import { User } from '../../src/domain/identity/user.ts';
import { Mission } from '../../src/domain/missions/mission.ts';
import type { RunPolicyChanges } from '../../src/domain/missions/run-policy.ts';
import { Run } from '../../src/domain/runs/run.ts';
import { Membership, Workspace } from '../../src/domain/workspaces/workspace.ts';
import type { FixedClock } from './auth-fakes.ts';
import { testValue } from './suite-values.ts';
import { type TestCradle, testContainer } from './test-container.ts';
import { testDatabase } from './test-database.ts';

/** Every persistence port a contract suite tests, from one family of adapters, with the use cases beside them. */
export interface World extends TestCradle {
  /** The clock the audit log stamps events with (the container's hand-moved clock). */
  readonly auditClock: FixedClock;
  /** The audit events stored about `userId`, oldest first (the port has no read side: each family's own). */
  auditEventsOf(userId: string): Promise<RecordedAuditEvent[]>;
}

/**
 * The application of `persistence`, built by the composition root like the server (with the test doubles of
 * `testContainer`), seen as its persistence ports: contract suites run the same cases on both families.
 */
export async function worldOf(persistence: Config['persistence']): Promise<World> {
  const { cradle } = await testContainer({ persistence });
  const extras: Pick<World, 'auditClock' | 'auditEventsOf'> = {
    auditClock: cradle.clock,
    auditEventsOf:
      persistence === 'memory'
        ? async (userId) => auditEventsInMemory(cradle.auditLog, userId)
        : auditEventsInPostgres,
  };
  return new Proxy(extras, {
    get: (target, name: string) =>
      name in target ? target[name as keyof typeof extras] : cradle[name as keyof TestCradle],
  }) as World;
}

function auditEventsInMemory(auditLog: unknown, userId: string): RecordedAuditEvent[] {
  if (!(auditLog instanceof InMemoryAuditLog)) throw new Error('PERSISTENCE=memory wired another audit log');
  return auditLog.events.filter((event) => event.userId === userId);
}

async function auditEventsInPostgres(userId: string): Promise<RecordedAuditEvent[]> {
  const { db } = await testDatabase();
  const rows = await db.query<AuditRow>(
    `select id, type, user_id, session_id, ip, details, created_at, workspace_id, api_key_id, target_type, target_id
     from audit_events where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    userId: row.user_id,
    sessionId: row.session_id,
    ip: row.ip,
    apiKeyId: row.api_key_id,
    workspaceId: row.workspace_id,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    details: row.details,
    createdAt: new Date(row.created_at),
  }));
}

interface AuditRow {
  id: string;
  type: RecordedAuditEvent['type'];
  user_id: string | null;
  session_id: string | null;
  ip: string | null;
  details: RecordedAuditEvent['details'];
  created_at: Date;
  workspace_id: string | null;
  api_key_id: string | null;
  target_type: NonNullable<RecordedAuditEvent['target']>['type'] | null;
  target_id: string | null;
}

export const postgresWorld = () => worldOf('postgres');

/** What the seed helpers store through. */
type Repositories = Pick<TestCradle, 'users' | 'workspaces' | 'missions' | 'runs'>;

/** Both adapters of the contract tests: each suite runs once per entry. */
export const WORLDS = [
  ['in-memory', () => worldOf('memory')],
  ['PostgreSQL', postgresWorld],
] as const;

export const T0 = new Date('2026-11-21T12:00:00.000Z');
export const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A user with their personal workspace (owner), stored through the ports. */
export async function seedUser(world: Repositories, name = `u${randomUUID().slice(0, 8)}`) {
  const user = new User({
    id: randomUUID(),
    username: name,
    email: `${name}@example.com`,
    displayName: name.toUpperCase(),
    passwordHash: 'x',
    disabled: false,
    securityEpoch: 0,
    emailVerifiedAt: null,
    createdAt: T0,
  });
  const workspace = new Workspace({
    id: randomUUID(),
    name: `${name}'s workspace`,
    personal: true,
    createdAt: T0,
  });
  await world.users.create(user);
  await world.workspaces.create(
    workspace,
    new Membership({ workspaceId: workspace.id, userId: user.id, role: 'owner', createdAt: T0 }),
  );
  return { user, workspace };
}

export async function seedMission(
  world: Repositories,
  workspaceId: string,
  createdAt = T0,
  policy: RunPolicyChanges = {},
): Promise<Mission> {
  const mission = Mission.create({ id: randomUUID(), workspaceId, name: 'mission', policy }, createdAt);
  await world.missions.add(mission);
  return mission;
}

export async function seedRun(
  world: Repositories,
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
    policy: mission.policy,
    now: createdAt,
  });
  await world.runs.add(run);
  return run;
}

/**
 * The contract of `port`, described once per family of adapters (`<port> contract (<family>)`); each test
 * gets a fresh world, read through `world`.
 */
export function describeContract(port: string, cases: (world: World, family: string) => void): void {
  for (const [family, makeWorld] of WORLDS) {
    describe(`${port} contract (${family})`, () => cases(testValue(makeWorld), family));
  }
}
