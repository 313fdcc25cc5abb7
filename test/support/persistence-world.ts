import { randomUUID } from 'node:crypto';
import { InMemoryMissionRepository } from '../../src/adapters/persistence/in-memory/in-memory-mission-repository.ts';
import { InMemoryRunRepository } from '../../src/adapters/persistence/in-memory/in-memory-run-repository.ts';
import { InMemoryUnitOfWork } from '../../src/adapters/persistence/in-memory/in-memory-unit-of-work.ts';
import { InMemoryUserRepository } from '../../src/adapters/persistence/in-memory/in-memory-user-repository.ts';
import { InMemoryWorkspaceRepository } from '../../src/adapters/persistence/in-memory/in-memory-workspace-repository.ts';
import { MikroOrmMissionRepository } from '../../src/adapters/persistence/postgres/mikro-orm-mission-repository.ts';
import { PostgresRunRepository } from '../../src/adapters/persistence/postgres/postgres-run-repository.ts';
import { PostgresUnitOfWork } from '../../src/adapters/persistence/postgres/postgres-unit-of-work.ts';
import { PostgresUserRepository } from '../../src/adapters/persistence/postgres/postgres-user-repository.ts';
import { PostgresWorkspaceRepository } from '../../src/adapters/persistence/postgres/postgres-workspace-repository.ts';
import type { MissionRepository } from '../../src/application/ports/mission-repository.ts';
import type { RunRepository } from '../../src/application/ports/run-repository.ts';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.ts';
import type { UserRepository } from '../../src/application/ports/user-repository.ts';
import type { WorkspaceRepository } from '../../src/application/ports/workspace-repository.ts';
import { Mission } from '../../src/domain/missions/mission.ts';
import { Run } from '../../src/domain/runs/run.ts';
import { User } from '../../src/domain/users/user.ts';
import { Membership, Workspace } from '../../src/domain/workspaces/workspace.ts';
import { testDatabase } from './test-database.ts';

/** The persistence ports of workspaces, missions and runs, from one family of adapters. */
export interface World {
  readonly users: UserRepository;
  readonly workspaces: WorkspaceRepository;
  readonly missions: MissionRepository;
  readonly runs: RunRepository;
  readonly unitOfWork: UnitOfWork;
}

export function inMemoryWorld(): World {
  const runs = new InMemoryRunRepository();
  const workspaces: InMemoryWorkspaceRepository = new InMemoryWorkspaceRepository({ users: () => users });
  const users = new InMemoryUserRepository({ workspaces });
  return {
    users,
    workspaces,
    runs,
    missions: new InMemoryMissionRepository({ runs }),
    unitOfWork: new InMemoryUnitOfWork(),
  };
}

export async function postgresWorld(): Promise<World> {
  const { db } = await testDatabase();
  return {
    users: new PostgresUserRepository({ db }),
    workspaces: new PostgresWorkspaceRepository({ db }),
    missions: new MikroOrmMissionRepository({ db }),
    runs: new PostgresRunRepository({ db }),
    unitOfWork: new PostgresUnitOfWork({ db }),
  };
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
