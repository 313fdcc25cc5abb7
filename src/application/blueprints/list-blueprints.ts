import type { Blueprint } from '../../domain/blueprints/blueprint.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/index.ts';
import type { BlueprintRepository } from './ports/blueprint-repository.ts';

export type ListBlueprints = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<Blueprint>>;

/** The workspace's blueprints, newest first, for any member. */
export function makeListBlueprints(deps: {
  blueprints: BlueprintRepository;
  workspaceAccess: WorkspaceAccess;
}): ListBlueprints {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.blueprints.listForWorkspace(workspaceId, page);
  };
}
