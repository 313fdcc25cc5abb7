import { NotFound } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { Mission } from '../../domain/missions/mission.ts';
import type { Role } from '../../domain/workspaces/workspace.ts';
import type { WorkspaceAccess } from '../workspaces/workspace-access.ts';
import type { MissionRepository } from './ports/mission-repository.ts';

export interface MissionAccessDeps {
  readonly missions: MissionRepository;
  readonly workspaceAccess: WorkspaceAccess;
}

/** The mission when the caller holds `minimum` in its workspace; another workspace's mission is NotFound. */
export async function accessibleMission(
  deps: MissionAccessDeps,
  principal: Principal,
  missionId: string,
  minimum: Role,
): Promise<Mission> {
  const mission = await deps.missions.findById(missionId);
  if (!mission) throw new NotFound('mission');
  await deps.workspaceAccess(principal, mission.workspaceId, minimum, 'mission');
  return mission;
}
