import type {
  MemberView,
  WorkspaceMembershipView,
} from '../../../application/workspaces/ports/workspace-repository.ts';

/** A workspace as one caller sees it: with their role in it. */
export function presentWorkspace({ workspace, role }: WorkspaceMembershipView) {
  return {
    id: workspace.id,
    name: workspace.name,
    personal: workspace.personal,
    role,
    created_at: workspace.createdAt.toISOString(),
  };
}

export function presentMember(view: MemberView) {
  return {
    user_id: view.membership.userId,
    username: view.username,
    display_name: view.displayName,
    role: view.membership.role,
    joined_at: view.membership.createdAt.toISOString(),
  };
}
