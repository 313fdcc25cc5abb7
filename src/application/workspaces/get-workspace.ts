import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type GetWorkspace = (principal: Principal, workspaceId: string) => Promise<WorkspaceMembershipView>;

/** A workspace the caller belongs to, with their role; any other answers NotFound. */
export function makeGetWorkspace(deps: {
  workspaces: WorkspaceRepository;
  workspaceAccess: WorkspaceAccess;
}): GetWorkspace {
  return async (principal, workspaceId) => {
    const role = await deps.workspaceAccess(principal, workspaceId, 'member');
    const workspace = await deps.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFound('workspace');
    return { workspace, role };
  };
}
