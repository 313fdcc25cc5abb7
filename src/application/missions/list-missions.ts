import type { Principal } from '../../domain/kernel/principal.ts';
import type { Mission } from '../../domain/missions/mission.ts';
import type { Page, PageRequest } from '../kernel/ports/page.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { MissionRepository } from './ports/mission-repository.ts';

export type ListMissions = (
  principal: Principal,
  workspaceId: string,
  page: PageRequest,
) => Promise<Page<Mission>>;

/** The workspace's missions, newest first, for any member. */
export function makeListMissions(deps: {
  missions: MissionRepository;
  workspaceAccess: WorkspaceAccess;
}): ListMissions {
  return async (principal, workspaceId, page) => {
    await deps.workspaceAccess(principal, workspaceId, 'member');
    return deps.missions.listForWorkspace(workspaceId, page);
  };
}
