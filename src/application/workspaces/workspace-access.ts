import { Forbidden, NotFound } from '../../domain/errors.ts';
import { hasRole, type Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceRepository } from '../ports/workspace-repository.ts';

/**
 * Checks that `userId` holds at least `minimum` in the workspace and returns their role. A non-member gets
 * NotFound(`resource`), exactly as if the resource did not exist (no existence leak across workspaces); a
 * member below the role gets Forbidden.
 */
export type WorkspaceAccess = (
  userId: string,
  workspaceId: string,
  minimum: Role,
  resource?: string,
) => Promise<Role>;

export function makeWorkspaceAccess(deps: { workspaces: WorkspaceRepository }): WorkspaceAccess {
  return async (userId, workspaceId, minimum, resource = 'workspace') => {
    const role = await deps.workspaces.findRole(workspaceId, userId);
    if (!role) throw new NotFound(resource);
    if (!hasRole(role, minimum)) throw new Forbidden(`this needs the ${minimum} role in the workspace`);
    return role;
  };
}
