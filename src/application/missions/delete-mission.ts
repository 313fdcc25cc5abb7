import { Conflict } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';
import type { ActiveRuns } from './ports/active-runs.ts';

export type DeleteMission = (principal: Principal, missionId: string) => Promise<void>;

/** Admins and owners delete a mission with its finished runs; while a run is queued or running it is 409. */
export function makeDeleteMission(deps: MissionAccessDeps & { activeRuns: ActiveRuns }): DeleteMission {
  return async (principal, missionId) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    if (await deps.activeRuns.hasActiveRuns(mission.id)) {
      throw new Conflict('the mission has queued or running runs; cancel them first');
    }
    await deps.missions.delete(mission.id);
  };
}
