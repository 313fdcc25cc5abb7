import { Conflict } from '../../domain/kernel/errors.ts';
import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';
import type { ActiveRuns } from './ports/active-runs.ts';

export type DeleteMission = (principal: Principal, missionId: string) => Promise<void>;

/**
 * Admins and owners delete a mission with its finished runs; while a run is queued or running it is 409.
 * Audited `mission_deleted`.
 */
export function makeDeleteMission(
  deps: MissionAccessDeps & { activeRuns: ActiveRuns; unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteMission {
  return async (principal, missionId) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    if (await deps.activeRuns.hasActiveRuns(mission.id)) {
      throw new Conflict('the mission has queued or running runs; cancel them first');
    }
    await deps.unitOfWork.transaction(async () => {
      await deps.missions.delete(mission.id);
      await deps.auditLog.record(
        workspaceEvent(principal, 'mission_deleted', mission.workspaceId, {
          type: 'mission',
          id: mission.id,
        }),
      );
    });
  };
}
