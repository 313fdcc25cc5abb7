import type { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/** Inserts a workspace and its owner's membership (call inside a transaction: both or neither). */
export async function insertWorkspace(db: PostgresDatabase, workspace: Workspace, owner: Membership) {
  await db.query('insert into workspaces (id, name, personal, created_at) values ($1, $2, $3, $4)', [
    workspace.id,
    workspace.name,
    workspace.personal,
    workspace.createdAt,
  ]);
  await db.query(
    'insert into memberships (workspace_id, user_id, role, created_at) values ($1, $2, $3, $4)',
    [owner.workspaceId, owner.userId, owner.role, owner.createdAt],
  );
}
