import type { Principal } from '../../domain/kernel/principal.ts';
import { accessibleSchedule, type ScheduleAccessDeps } from './accessible-schedule.ts';

export type DeleteSchedule = (principal: Principal, scheduleId: string) => Promise<void>;

/** Admins and owners delete a schedule; the runs it queued stay. */
export function makeDeleteSchedule(deps: ScheduleAccessDeps): DeleteSchedule {
  return async (principal, scheduleId) => {
    const schedule = await accessibleSchedule(deps, principal, scheduleId, 'admin');
    await deps.schedules.delete(schedule.id);
  };
}
