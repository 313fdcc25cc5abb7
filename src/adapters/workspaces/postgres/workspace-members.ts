import type { PageRequest } from '../../../application/kernel/ports/page.ts';
import type { MemberView } from '../../../application/workspaces/ports/workspace-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import { AlreadyMember } from '../../../domain/workspaces/member-rules.ts';
import type { Membership } from '../../../domain/workspaces/workspace.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { MEMBER_SELECT, type Row, toMembership, toMemberView } from './workspace-rows.ts';

// A workspace's members: reads joining their users, and the changes made under the workspace row's lock.

export async function listMembers(db: PostgresDatabase, workspaceId: string, page: PageRequest) {
  const params = new SqlParameters();
  const rows = await db.query<Row>(
    `${MEMBER_SELECT}
        where m.workspace_id = ${params.add(workspaceId)}${afterPosition('m.created_at, m.user_id', page, 'asc', params)}
        order by m.created_at, m.user_id limit ${params.add(page.limit + 1)}`,
    params.values,
  );
  return toPage(rows.map(toMemberView), page.limit, ({ membership }) => ({
    createdAt: membership.createdAt,
    id: membership.userId,
  }));
}

export async function findMember(
  db: PostgresDatabase,
  workspaceId: string,
  userId: string,
): Promise<MemberView | undefined> {
  const [row] = await db.query<Row>(`${MEMBER_SELECT} where m.workspace_id = $1 and m.user_id = $2`, [
    workspaceId,
    userId,
  ]);
  return row && toMemberView(row);
}

export async function membersForChange(db: PostgresDatabase, workspaceId: string): Promise<Membership[]> {
  // The workspace row is the lock every member change of the workspace takes.
  await db.query('select id from workspaces where id = $1 for update', [workspaceId]);
  const rows = await db.query<Row>(
    'select workspace_id, user_id, role, created_at from memberships where workspace_id = $1',
    [workspaceId],
  );
  return rows.map(toMembership);
}

export async function addMember(db: PostgresDatabase, membership: Membership): Promise<void> {
  const inserted = await db.query(
    `insert into memberships (workspace_id, user_id, role, created_at) values ($1, $2, $3, $4)
       on conflict (workspace_id, user_id) do nothing returning user_id`,
    [membership.workspaceId, membership.userId, membership.role, membership.createdAt],
  );
  if (inserted.length === 0) throw new AlreadyMember();
}

export async function setRole(
  db: PostgresDatabase,
  workspaceId: string,
  userId: string,
  role: Role,
): Promise<void> {
  await db.query('update memberships set role = $1 where workspace_id = $2 and user_id = $3', [
    role,
    workspaceId,
    userId,
  ]);
}

export async function removeMember(db: PostgresDatabase, workspaceId: string, userId: string): Promise<void> {
  await db.query('delete from memberships where workspace_id = $1 and user_id = $2', [workspaceId, userId]);
}
