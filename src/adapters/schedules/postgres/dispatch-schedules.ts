import type { Schedule } from '../../../domain/schedules/schedule.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SCHEDULE_COLUMNS, type ScheduleRow, toSchedule } from './schedule-rows.ts';

// The dispatcher's statements: due schedules locked (SKIP LOCKED, through `schedules_due_idx`) in the transaction
// that creates their runs, then their next fire recorded.

export async function lockDueSchedules(db: PostgresDatabase, now: Date, limit: number): Promise<Schedule[]> {
  const rows = await db.query<ScheduleRow>(
    `select ${SCHEDULE_COLUMNS} from schedules where enabled and next_fire_at <= $1
        order by next_fire_at limit $2 for update skip locked`,
    [now, limit],
  );
  return rows.map(toSchedule);
}

export async function recordFire(db: PostgresDatabase, schedule: Schedule): Promise<void> {
  await db.query('update schedules set next_fire_at = $2, last_fire_time = $3 where id = $1', [
    schedule.id,
    schedule.nextFireAt,
    schedule.lastFireTime,
  ]);
}
