import type { Principal } from '../../domain/kernel/principal.ts';
import type { Mission, MissionChanges } from '../../domain/missions/mission.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';

export type UpdateMission = (
  principal: Principal,
  missionId: string,
  changes: MissionChanges,
) => Promise<Mission>;

/** Admins and owners change a mission's name, description or definition. */
export function makeUpdateMission(deps: MissionAccessDeps & { clock: Clock }): UpdateMission {
  return async (principal, missionId, changes) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    mission.update(changes, deps.clock.now());
    await deps.missions.update(mission);
    return mission;
  };
}
