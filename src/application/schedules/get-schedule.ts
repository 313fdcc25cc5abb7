import type { Principal } from '../../domain/kernel/principal.ts';
import type { Schedule } from '../../domain/schedules/schedule.ts';
import { accessibleSchedule, type ScheduleAccessDeps } from './accessible-schedule.ts';

export type GetSchedule = (principal: Principal, scheduleId: string) => Promise<Schedule>;

export function makeGetSchedule(deps: ScheduleAccessDeps): GetSchedule {
  return (principal, scheduleId) => accessibleSchedule(deps, principal, scheduleId, 'member');
}
