import type { Principal } from '../../domain/kernel/principal.ts';
import { type Schedule, type ScheduleChanges, ScheduleNotFound } from '../../domain/schedules/schedule.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import { accessibleSchedule, type ScheduleAccessDeps } from './accessible-schedule.ts';
import type { CronCalendar } from './ports/cron-calendar.ts';

export type UpdateSchedule = (
  principal: Principal,
  scheduleId: string,
  changes: ScheduleChanges,
) => Promise<Schedule>;

/** Admins and owners change a schedule; its next fire time is planned again from now. */
export function makeUpdateSchedule(
  deps: ScheduleAccessDeps & { cronCalendar: CronCalendar; clock: Clock },
): UpdateSchedule {
  return async (principal, scheduleId, changes) => {
    await accessibleSchedule(deps, principal, scheduleId, 'admin');
    const changed = await deps.schedules.update(scheduleId, (schedule) =>
      schedule.update(changes, deps.clock.now(), (cron, timezone) =>
        deps.cronCalendar.fireTimes(cron, timezone),
      ),
    );
    if (!changed) throw new ScheduleNotFound();
    return changed;
  };
}
