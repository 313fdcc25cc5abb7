import { Conflict } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import type { RunRepository } from '../runs/ports/run-repository.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';

export type DeleteMission = (principal: Principal, missionId: string) => Promise<void>;

/** Admins and owners delete a mission with its finished runs; while a run is queued or running it is 409. */
export function makeDeleteMission(deps: MissionAccessDeps & { runs: RunRepository }): DeleteMission {
  return async (principal, missionId) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    if (await deps.runs.hasActiveRuns(mission.id)) {
      throw new Conflict('the mission has queued or running runs; cancel them first');
    }
    await deps.missions.delete(mission.id);
  };
}
