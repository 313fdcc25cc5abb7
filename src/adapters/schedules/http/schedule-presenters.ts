import type { Schedule } from '../../../domain/schedules/schedule.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentSchedule(schedule: Schedule) {
  return {
    id: schedule.id,
    workspace_id: schedule.workspaceId,
    mission_id: schedule.missionId,
    name: schedule.name,
    cron: schedule.cron,
    timezone: schedule.timezone,
    input: schedule.input,
    enabled: schedule.enabled,
    next_fire_at: iso(schedule.nextFireAt),
    last_fire_time: iso(schedule.lastFireTime),
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}

/** The `Location` of a schedule. */
export function scheduleUrl(schedule: Pick<Schedule, 'id'>): string {
  return `/api/schedules/${schedule.id}`;
}
