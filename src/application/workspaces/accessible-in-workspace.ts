import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { WorkspaceAccess } from './workspace-access.ts';

/** What finding a workspace's resource for a caller needs beside the resource's own repository. */
export interface AccessDeps {
  readonly workspaceAccess: WorkspaceAccess;
}

/** Finds one resource of a workspace for a caller who must hold `minimum` there. */
export type Accessible<D, T> = (deps: D, principal: Principal, id: string, minimum: Role) => Promise<T>;

/**
 * The accessor of one kind of workspace resource: the resource `find` returns when the caller holds `minimum`
 * in its workspace. A missing resource and another workspace's are the same NotFound(`resource`), so no
 * answer tells a caller what exists outside their workspaces; a role below `minimum` is Forbidden.
 */
export function accessibleInWorkspace<D extends AccessDeps, T extends { readonly workspaceId: string }>(
  resource: string,
  find: (deps: D, id: string) => Promise<T | undefined>,
): Accessible<D, T> {
  return async (deps, principal, id, minimum) => {
    const found = await find(deps, id);
    if (!found) throw new NotFound(resource);
    await deps.workspaceAccess(principal, found.workspaceId, minimum, resource);
    return found;
  };
}
