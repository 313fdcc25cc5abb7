import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { WorkspaceMembershipView, WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type RenameWorkspace = (
  principal: Principal,
  workspaceId: string,
  changes: { name: string },
) => Promise<WorkspaceMembershipView>;

/** Owners rename their workspace. */
export function makeRenameWorkspace(deps: {
  workspaces: WorkspaceRepository;
  workspaceAccess: WorkspaceAccess;
}): RenameWorkspace {
  return async (principal, workspaceId, { name }) => {
    const role = await deps.workspaceAccess(principal, workspaceId, 'owner');
    const workspace = await deps.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFound('workspace');
    workspace.rename(name);
    await deps.workspaces.update(workspace);
    return { workspace, role };
  };
}
