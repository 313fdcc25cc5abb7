import type { PageRequest } from '../../../application/kernel/ports/page.ts';
import type { WorkspaceMembershipView } from '../../../application/workspaces/ports/workspace-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import type { Workspace } from '../../../domain/workspaces/workspace.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { type Row, toMembershipView, toWorkspace, USER_WORKSPACES_SELECT } from './workspace-rows.ts';

// The reads of workspaces: a user's workspaces (with the role held in each), one workspace, one role.

export async function listWorkspacesForUser(
  db: PostgresDatabase,
  userId: string,
): Promise<WorkspaceMembershipView[]> {
  const rows = await db.query<Row>(
    `${USER_WORKSPACES_SELECT} where m.user_id = $1 order by w.created_at, w.id limit 1000`,
    [userId],
  );
  return rows.map(toMembershipView);
}

export async function pageWorkspacesForUser(db: PostgresDatabase, userId: string, page: PageRequest) {
  const params = new SqlParameters();
  const rows = await db.query<Row>(
    `${USER_WORKSPACES_SELECT}
        where m.user_id = ${params.add(userId)}${afterPosition('w.created_at, w.id', page, 'asc', params)}
        order by w.created_at, w.id limit ${params.add(page.limit + 1)}`,
    params.values,
  );
  return toPage(rows.map(toMembershipView), page.limit, (view) => view.workspace);
}

export async function findWorkspace(db: PostgresDatabase, id: string): Promise<Workspace | undefined> {
  const [row] = await db.query<Row>('select id, name, personal, created_at from workspaces where id = $1', [
    id,
  ]);
  return row && toWorkspace(row);
}

export async function findRole(
  db: PostgresDatabase,
  workspaceId: string,
  userId: string,
): Promise<Role | undefined> {
  const [row] = await db.query<{ role: Role }>(
    'select role from memberships where workspace_id = $1 and user_id = $2',
    [workspaceId, userId],
  );
  return row?.role;
}
