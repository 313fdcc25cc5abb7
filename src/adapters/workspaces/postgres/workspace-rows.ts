import type {
  MemberView,
  WorkspaceMembershipView,
} from '../../../application/workspaces/ports/workspace-repository.ts';
import type { Role } from '../../../domain/kernel/roles.ts';
import { Membership, Workspace } from '../../../domain/workspaces/workspace.ts';

// Workspaces and memberships as rows: the readers and the two joins the reads of both families start from.

export type Row = Record<string, unknown>;

export const toWorkspace = (row: Row) =>
  new Workspace({
    id: row.id as string,
    name: row.name as string,
    personal: row.personal as boolean,
    createdAt: new Date(row.created_at as string),
  });

export const toMembership = (row: Row) =>
  new Membership({
    workspaceId: row.workspace_id as string,
    userId: row.user_id as string,
    role: row.role as Role,
    createdAt: new Date(row.created_at as string),
  });

export const toMemberView = (row: Row): MemberView => ({
  membership: toMembership(row),
  username: row.username as string,
  displayName: row.display_name as string,
});

export const toMembershipView = (row: Row): WorkspaceMembershipView => ({
  workspace: toWorkspace(row),
  role: row.role as Role,
});

export const MEMBER_SELECT = `select m.workspace_id, m.user_id, m.role, m.created_at, u.username, u.display_name
  from memberships m join users u on u.id = m.user_id`;
export const USER_WORKSPACES_SELECT = `select w.id, w.name, w.personal, w.created_at, m.role
  from memberships m join workspaces w on w.id = m.workspace_id`;
