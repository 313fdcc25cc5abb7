import type { Principal } from '../../domain/kernel/principal.ts';
import { Schedule, type ScheduleChanges } from '../../domain/schedules/schedule.ts';
import { type AuditLog, workspaceEvent } from '../audit/index.ts';
import type { Clock } from '../kernel/ports/clock.ts';
import type { IdGenerator } from '../kernel/ports/id-generator.ts';
import { type QuotaDeps, withinWorkspaceQuota } from '../kernel/within-quota.ts';
import { accessibleMission, type MissionAccessDeps } from '../missions/index.ts';
import type { CronCalendar } from './ports/cron-calendar.ts';
import type { ScheduleRepository } from './ports/schedule-repository.ts';

export interface CreateScheduleInput extends ScheduleChanges {
  readonly missionId: string;
  readonly name: string;
  readonly cron: string;
}

export type CreateSchedule = (principal: Principal, input: CreateScheduleInput) => Promise<Schedule>;

/** Admins and owners schedule a mission in their workspace; audited `schedule_created` (never its input). */
export function makeCreateSchedule(
  deps: MissionAccessDeps & {
    schedules: ScheduleRepository;
    cronCalendar: CronCalendar;
    clock: Clock;
    ids: IdGenerator;
    auditLog: AuditLog;
  } & QuotaDeps,
): CreateSchedule {
  return async (principal, { missionId, ...fields }) => {
    const mission = await accessibleMission(deps, principal, missionId, 'admin');
    const schedule = Schedule.create(
      { ...fields, id: deps.ids.newId(), workspaceId: mission.workspaceId, missionId: mission.id },
      deps.clock.now(),
      (cron, timezone) => deps.cronCalendar.fireTimes(cron, timezone),
    );
    await withinWorkspaceQuota(deps, 'schedules', mission.workspaceId, async () => {
      await deps.schedules.add(schedule);
      await deps.auditLog.record(
        workspaceEvent(
          principal,
          'schedule_created',
          schedule.workspaceId,
          { type: 'schedule', id: schedule.id },
          { mission_id: mission.id },
        ),
      );
    });
    return schedule;
  };
}
