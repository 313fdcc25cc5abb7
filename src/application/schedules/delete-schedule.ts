import type { Principal } from '../../domain/kernel/principal.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleSchedule, type ScheduleAccessDeps } from './accessible-schedule.ts';

export type DeleteSchedule = (principal: Principal, scheduleId: string) => Promise<void>;

/** Admins and owners delete a schedule; the runs it queued stay. Audited `schedule_deleted`. */
export function makeDeleteSchedule(
  deps: ScheduleAccessDeps & { unitOfWork: UnitOfWork; auditLog: AuditLog },
): DeleteSchedule {
  return async (principal, scheduleId) => {
    const schedule = await accessibleSchedule(deps, principal, scheduleId, 'admin');
    await deps.unitOfWork.transaction(async () => {
      await deps.schedules.delete(schedule.id);
      await deps.auditLog.record(
        workspaceEvent(principal, 'schedule_deleted', schedule.workspaceId, {
          type: 'schedule',
          id: schedule.id,
        }),
      );
    });
  };
}
