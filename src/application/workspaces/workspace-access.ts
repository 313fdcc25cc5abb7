import { Forbidden, NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { hasRole, type Role } from '../../domain/kernel/roles.ts';
import type { WorkspaceRepository } from './ports/workspace-repository.ts';

/**
 * Checks that the caller holds at least `minimum` in the workspace and returns their role: a person's role
 * comes from their membership, a key's from the key, in its own workspace only. Anyone without a role there
 * gets NotFound(`resource`), exactly as if the resource did not exist (no existence leak across workspaces);
 * a role below `minimum` gets Forbidden.
 */
export type WorkspaceAccess = (
  principal: Principal,
  workspaceId: string,
  minimum: Role,
  resource?: string,
) => Promise<Role>;

export function makeWorkspaceAccess(deps: { workspaces: WorkspaceRepository }): WorkspaceAccess {
  return async (principal, workspaceId, minimum, resource = 'workspace') => {
    const role =
      principal.kind === 'api_key'
        ? principal.workspaceId === workspaceId
          ? principal.role
          : undefined
        : await deps.workspaces.findRole(workspaceId, principal.userId);
    if (!role) throw new NotFound(resource);
    if (!hasRole(role, minimum)) throw new Forbidden(`this needs the ${minimum} role in the workspace`);
    return role;
  };
}
