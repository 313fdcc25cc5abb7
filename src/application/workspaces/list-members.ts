import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { MemberView, WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type ListMembers = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<MemberView>>;

/** Every member sees the member list, in the order they joined. */
export function makeListMembers(deps: {
  workspaces: WorkspaceRepository;
  workspaceAccess: WorkspaceAccess;
}): ListMembers {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.workspaces.listMembers(workspaceId, page);
  };
}
