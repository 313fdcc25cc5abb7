import type { Role, Workspace } from '../../domain/workspaces/workspace.ts';

export interface WorkspaceMembershipView {
  readonly workspace: Workspace;
  readonly role: Role;
}

export interface WorkspaceRepository {
  /** The workspaces the user belongs to, with the user's role in each, oldest first. */
  listForUser(userId: string): Promise<WorkspaceMembershipView[]>;
}
