import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';

export type ListWorkspaces = (
  principal: Principal,
  page: PageRequest,
) => Promise<Page<WorkspaceMembershipView>>;

/** The caller's workspaces with their role in each, oldest first; for a key, its one workspace. */
export function makeListWorkspaces(deps: { workspaces: WorkspaceRepository }): ListWorkspaces {
  return async (principal, page) => {
    if (principal.kind === 'user') return deps.workspaces.pageForUser(principal.userId, page);
    const workspace = await deps.workspaces.findById(principal.workspaceId);
    if (!workspace) throw new NotFound('workspace');
    // One item, one page: any cursor is past it.
    return { items: page.after ? [] : [{ workspace, role: principal.role }], next: null };
  };
}
