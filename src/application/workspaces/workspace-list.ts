import type { Principal } from '../../domain/kernel/principal.ts';
import type { Role } from '../../domain/kernel/roles.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { AccessDeps } from './accessible-in-workspace.ts';

/** One page of a list that belongs to a workspace. */
export type WorkspaceList<T> = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<T>>;

/**
 * The factory of a use case that lists what a workspace holds, for callers who hold `minimum` there: the
 * access check (anyone without a role in the workspace gets NotFound), then the page `list` reads.
 */
export function workspaceList<D, T>(
  minimum: Role,
  list: (deps: D, workspaceId: string, page: PageRequest) => Promise<Page<T>>,
): (deps: D & AccessDeps) => WorkspaceList<T> {
  return (deps) => async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, minimum);
    return list(deps, workspaceId, page);
  };
}
