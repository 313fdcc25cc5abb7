import type { Principal } from '../auth/principal.ts';
import type { Page, PageRequest } from '../ports/page.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from '../ports/workspace-repository.ts';

export type ListWorkspaces = (
  principal: Principal,
  page: PageRequest,
) => Promise<Page<WorkspaceMembershipView>>;

/** The caller's workspaces with their role in each, oldest first. */
export function makeListWorkspaces(deps: { workspaces: WorkspaceRepository }): ListWorkspaces {
  return (principal, page) => deps.workspaces.pageForUser(principal.userId, page);
}
