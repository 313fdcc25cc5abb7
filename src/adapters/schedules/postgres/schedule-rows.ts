import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import { Schedule } from '../../../domain/schedules/schedule.ts';

// A schedule as a `schedules` row.

export interface ScheduleRow {
  id: string;
  workspace_id: string;
  mission_id: string;
  name: string;
  cron: string;
  timezone: string;
  input: JsonObject | null;
  enabled: boolean;
  next_fire_at: string | Date | null;
  last_fire_time: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

export const SCHEDULE_COLUMNS = `id, workspace_id, mission_id, name, cron, timezone, input, enabled, next_fire_at, last_fire_time,
  created_at, updated_at`;

export function toSchedule(row: ScheduleRow): Schedule {
  return new Schedule({
    id: row.id,
    workspaceId: row.workspace_id,
    missionId: row.mission_id,
    name: row.name,
    cron: row.cron,
    timezone: row.timezone,
    input: row.input,
    enabled: row.enabled,
    nextFireAt: date(row.next_fire_at),
    lastFireTime: date(row.last_fire_time),
    createdAt: date(row.created_at) as Date,
    updatedAt: date(row.updated_at) as Date,
  });
}

function date(value: string | Date | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
