import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { assertDeletable } from '../../domain/workspaces/member-rules.ts';
import type { WorkspaceRepository } from './ports/workspace-repository.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

export type DeleteWorkspace = (principal: Principal, workspaceId: string) => Promise<void>;

/** Owners delete a shared workspace with its missions, runs and triggers; personal workspaces stay (409). */
export function makeDeleteWorkspace(deps: {
  workspaces: WorkspaceRepository;
  workspaceAccess: WorkspaceAccess;
}): DeleteWorkspace {
  return async (principal, workspaceId) => {
    await deps.workspaceAccess(principal, workspaceId, 'owner');
    const workspace = await deps.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFound('workspace');
    assertDeletable(workspace);
    await deps.workspaces.delete(workspace.id);
  };
}
