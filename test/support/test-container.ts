import { randomBytes, randomUUID } from 'node:crypto';
import type { AwilixContainer } from 'awilix';
import { InMemoryAuditLog } from '../../src/adapters/audit/in-memory-audit-log.ts';
import { createLogger } from '../../src/adapters/platform/system/logger.ts';
import { type Registrations, value } from '../../src/composition/registration.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Cradle } from '../../src/container.ts';
import { createContainer } from '../../src/container.ts';
import { type UserPrincipal, userPrincipal } from '../../src/domain/kernel/principal.ts';
import { FakePasswordHasher, FixedClock, RecordingThrottle } from './auth-fakes.ts';
import { joinWorkspace } from './members.ts';
import { testDatabase } from './test-database.ts';
import { TEST_MASTER_KEY } from './test-settings.ts';

/** The doubles every use-case test gets unless it passes its own; a test reaches them with their own types. */
export interface DefaultDoubles {
  readonly clock: FixedClock;
  /** Reversible "hashes" that count calls: argon2id would make each registration take 10 ms and more. */
  readonly passwordHasher: FakePasswordHasher;
  /** Records what the use cases report and refuses what a test blocks. */
  readonly loginThrottle: RecordingThrottle;
}

/** Instances to register in place of the configured adapters, by cradle name. */
export type Doubles = { readonly [K in keyof Cradle]?: Cradle[K] };

/** The cradle as a test sees it: each double with its own type. */
export type TestCradle<D extends Doubles = Record<never, never>> = Omit<
  Cradle,
  keyof DefaultDoubles | keyof D
> &
  Omit<DefaultDoubles, keyof D> &
  D;

export interface TestContainerOptions<D extends Doubles> {
  /** `memory` (default) for use-case tests; `postgres` runs the same wiring on the test database. */
  readonly persistence?: Config['persistence'];
  /** Environment variables, as the server would read them (`RUN_MAX_ATTEMPTS`, `REFRESH_GRACE_SECONDS`, ...). */
  readonly env?: Record<string, string>;
  /** Instances that replace registrations (and the default doubles), returned typed in the cradle. */
  readonly doubles?: D;
  /** The clock's starting time. */
  readonly now?: Date;
}

export interface TestContainer<D extends Doubles> {
  readonly cradle: TestCradle<D>;
  readonly container: AwilixContainer<Cradle>;
}

/**
 * The application wired by the production composition root (`createContainer`), with doubles swapped in
 * through its `overrides` seam: by default a hand-moved clock, a fake hasher and a recording throttle.
 * Nothing else is wired by hand: a use case gets exactly the dependencies the server
 * gives it.
 */
export async function testContainer<D extends Doubles = Record<never, never>>(
  options: TestContainerOptions<D> = {},
): Promise<TestContainer<D>> {
  const persistence = options.persistence ?? 'memory';
  const config = loadConfig({
    PERSISTENCE: persistence,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    EMAIL_TRANSPORT: 'memory',
    ...options.env,
  });
  const doubles: Doubles = {
    clock: new FixedClock(options.now),
    passwordHasher: new FakePasswordHasher(),
    loginThrottle: new RecordingThrottle(),
    ...options.doubles,
  };
  const overrides = Object.fromEntries(
    Object.entries(doubles).map(([name, instance]) => [name, value(instance)]),
  ) as Partial<Registrations<Cradle>>;
  const postgres = persistence === 'postgres' ? (await testDatabase()).db : undefined;
  const container = createContainer(config, {
    infrastructure: { logger: createLogger('silent'), masterKey: TEST_MASTER_KEY, postgres },
    overrides,
  });
  // The doubles are registered as values, so the container's cradle hands out these very objects.
  return { cradle: container.cradle as unknown as TestCradle<D>, container };
}

/**
 * Use cases and adapters of a fresh in-memory application: `const app = await useCases()`. Its audit log is
 * the in-memory adapter, whose recorded events a test can read.
 */
export async function useCases<D extends Doubles = Record<never, never>>(
  options: Omit<TestContainerOptions<D>, 'persistence'> = {},
): Promise<TestCradle<D> & { readonly auditLog: InMemoryAuditLog }> {
  const { cradle } = await testContainer(options);
  if (!(cradle.auditLog instanceof InMemoryAuditLog))
    throw new Error('PERSISTENCE=memory wired another audit log');
  return cradle as TestCradle<D> & { readonly auditLog: InMemoryAuditLog };
}

export const ADA = { username: 'ada', email: 'ada@example.com', password: 'correct horse battery' };

/** A registered user (their personal workspace made by the use case) and a principal to act as. */
export async function actor(
  app: Pick<Cradle, 'registerUser' | 'workspaces'>,
  username = `u${randomBytes(4).toString('hex')}`,
) {
  const user = await app.registerUser({
    username,
    email: `${username}@example.com`,
    displayName: username.toUpperCase(),
    password: `${username} has a long password`,
  });
  const [personal] = await app.workspaces.listForUser(user.id);
  if (!personal) throw new Error(`registering ${username} made no personal workspace`);
  return {
    user,
    personal: personal.workspace,
    principal: userPrincipal(user.id, randomUUID()),
  };
}

/** A worker or caller: the principal of one login session of `userId`. */
export const principal = (userId: string, sessionId: string): UserPrincipal =>
  userPrincipal(userId, sessionId);

/**
 * The cast of the use-case tests: ada owns a workspace (her personal one, or `shared`: a new one she creates),
 * bob joins it as admin, cyd as member, and eve stays outside.
 */
export async function team(
  app: Parameters<typeof actor>[0] &
    Pick<Cradle, 'inviteMember' | 'acceptInvitation' | 'createWorkspace'> & { clock: FixedClock },
  options: { readonly shared?: string } = {},
) {
  const [ada, bob, cyd, eve] = [
    await actor(app, 'ada'),
    await actor(app, 'bob'),
    await actor(app, 'cyd'),
    await actor(app, 'eve'),
  ];
  // A second between a shared workspace's steps: its members are listed in the order they joined.
  const step = () => options.shared !== undefined && app.clock.advance(1);
  step();
  const workspaceId =
    options.shared === undefined
      ? ada.personal.id
      : (await app.createWorkspace(ada.principal, { name: options.shared })).workspace.id;
  for (const [member, role] of [
    [bob, 'admin'],
    [cyd, 'member'],
  ] as const) {
    step();
    await joinWorkspace(
      app,
      ada.principal,
      workspaceId,
      { principal: member.principal, login: member.user.username },
      role,
    );
  }
  return { ada, bob, cyd, eve, workspaceId };
}

/** Two instances of the application on the test database sharing one hand-moved clock, as two servers are. */
export async function twoInstancesOnPostgres(clock: FixedClock): Promise<[TestCradle, TestCradle]> {
  const instance = async () => (await testContainer({ persistence: 'postgres', doubles: { clock } })).cradle;
  return [await instance(), await instance()];
}
