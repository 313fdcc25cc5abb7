import { EntitySchema } from '@mikro-orm/postgresql';
import { BrowserSession } from '../../../domain/browser/browser-session.ts';
import { Mission } from '../../../domain/missions/mission.ts';
import { Run } from '../../../domain/runs/run.ts';
import { LoginSession } from '../../../domain/sessions/login-session.ts';
import { User } from '../../../domain/users/user.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';

// The MikroORM mapping of the domain classes (no decorators on them). Columns follow the migrations;
// property names map to snake_case columns through the default naming strategy.

export const UserSchema = new EntitySchema<User>({
  class: User,
  tableName: 'users',
  properties: {
    id: { type: 'uuid', primary: true },
    username: { type: 'text' },
    email: { type: 'text' },
    displayName: { type: 'text' },
    passwordHash: { type: 'text', lazy: false },
    disabled: { type: 'boolean' },
    createdAt: { type: 'datetime' },
  },
});

export const WorkspaceSchema = new EntitySchema<Workspace>({
  class: Workspace,
  tableName: 'workspaces',
  properties: {
    id: { type: 'uuid', primary: true },
    name: { type: 'text' },
    personal: { type: 'boolean' },
    createdAt: { type: 'datetime' },
  },
});

export const MembershipSchema = new EntitySchema<Membership>({
  class: Membership,
  tableName: 'memberships',
  properties: {
    workspaceId: { type: 'uuid', primary: true },
    userId: { type: 'uuid', primary: true },
    role: { type: 'text' },
    createdAt: { type: 'datetime' },
  },
});

export const LoginSessionSchema = new EntitySchema<LoginSession>({
  class: LoginSession,
  tableName: 'login_sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    createdAt: { type: 'datetime' },
    lastUsedAt: { type: 'datetime' },
    expiresAt: { type: 'datetime' },
    userAgent: { type: 'text', nullable: true },
    ip: { type: 'text', nullable: true },
    generation: { type: 'integer' },
    rotatedAt: { type: 'datetime', nullable: true },
    revokedAt: { type: 'datetime', nullable: true },
    revokedReason: { type: 'text', nullable: true },
  },
});

export const BrowserSessionSchema = new EntitySchema<BrowserSession>({
  class: BrowserSession,
  tableName: 'browser_sessions',
  properties: {
    id: { type: 'uuid', primary: true },
    userId: { type: 'uuid' },
    tokenHash: { type: 'text' },
    csrfToken: { type: 'text' },
    createdAt: { type: 'datetime' },
    lastSeenAt: { type: 'datetime' },
    expiresAt: { type: 'datetime' },
    userAgent: { type: 'text', nullable: true },
    ip: { type: 'text', nullable: true },
  },
});

export const MissionSchema = new EntitySchema<Mission>({
  class: Mission,
  tableName: 'missions',
  properties: {
    id: { type: 'uuid', primary: true },
    workspaceId: { type: 'uuid' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    definition: { type: 'json' },
    createdAt: { type: 'datetime' },
    updatedAt: { type: 'datetime' },
  },
});

/** The mapping of `runs`; `MikroOrmRunRepository` reads and writes them with SQL (reads: `selectRuns`). */
export const RunSchema = new EntitySchema<Run>({
  class: Run,
  tableName: 'runs',
  properties: {
    id: { type: 'uuid', primary: true },
    missionId: { type: 'uuid' },
    workspaceId: { type: 'uuid' },
    status: { type: 'text' },
    triggerType: { type: 'text' },
    triggerId: { type: 'uuid', nullable: true },
    deliveryId: { type: 'uuid', nullable: true },
    input: { type: 'json', nullable: true },
    output: { type: 'json', nullable: true },
    error: { type: 'json', nullable: true },
    attempt: { type: 'integer' },
    leaseOwner: { type: 'text', nullable: true },
    leaseExpiresAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime' },
    startedAt: { type: 'datetime', nullable: true },
    finishedAt: { type: 'datetime', nullable: true },
  },
});

/** Every MikroORM entity schema of the service. */
export const entities: EntitySchema[] = [
  UserSchema,
  WorkspaceSchema,
  MembershipSchema,
  LoginSessionSchema,
  BrowserSessionSchema,
  MissionSchema,
  RunSchema,
];
