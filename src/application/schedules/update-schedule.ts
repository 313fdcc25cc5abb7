import type { Principal } from '../../domain/kernel/principal.ts';
import { type Schedule, type ScheduleChanges, ScheduleNotFound } from '../../domain/schedules/schedule.ts';
import { type AuditLog, changedFields, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { UnitOfWork } from '../kernel/ports/unit-of-work.ts';
import { accessibleSchedule, type ScheduleAccessDeps } from './accessible-schedule.ts';
import type { CronCalendar } from './ports/cron-calendar.ts';

export type UpdateSchedule = (
  principal: Principal,
  scheduleId: string,
  changes: ScheduleChanges,
) => Promise<Schedule>;

/**
 * Admins and owners change a schedule; its next fire time is planned again from now. Audited
 * `schedule_updated` with the names of the fields given, never their values (an input may hold secrets).
 */
export function makeUpdateSchedule(
  deps: ScheduleAccessDeps & {
    cronCalendar: CronCalendar;
    clock: Clock;
    unitOfWork: UnitOfWork;
    auditLog: AuditLog;
  },
): UpdateSchedule {
  return async (principal, scheduleId, changes) => {
    await accessibleSchedule(deps, principal, scheduleId, 'admin');
    return deps.unitOfWork.transaction(async () => {
      const changed = await deps.schedules.update(scheduleId, (schedule) =>
        schedule.update(changes, deps.clock.now(), (cron, timezone) =>
          deps.cronCalendar.fireTimes(cron, timezone),
        ),
      );
      if (!changed) throw new ScheduleNotFound();
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'schedule_updated',
          changed.workspaceId,
          { type: 'schedule', id: changed.id },
          { fields: changedFields(changes) },
        ),
      );
      return changed;
    });
  };
}
