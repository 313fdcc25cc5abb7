import type { Principal } from '../../domain/kernel/principal.ts';
import type { Mission, MissionChanges } from '../../domain/missions/mission.ts';
import { type AuditLog, changedFields, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleMission, type MissionAccessDeps } from './accessible-mission.ts';

export type UpdateMission = (
  principal: Principal,
  missionId: string,
  changes: MissionChanges,
) => Promise<Mission>;

/**
 * Admins and owners change a mission's name, description, definition or policy; audited `mission_updated`
 * with the names of the fields given, never their values.
 */
export function makeUpdateMission(
  deps: MissionAccessDeps & { clock: Clock; unitOfWork: UnitOfWork; auditLog: AuditLog },
): UpdateMission {
  return async (principal, missionId, changes) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    mission.update(changes, deps.clock.now());
    await deps.unitOfWork.transaction(async () => {
      await deps.missions.update(mission);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'mission_updated',
          mission.workspaceId,
          { type: 'mission', id: mission.id },
          { fields: changedFields(changes) },
        ),
      );
    });
    return mission;
  };
}
