import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { ScheduleRepository } from '../../../application/schedules/ports/schedule-repository.ts';
import type { Schedule } from '../../../domain/schedules/schedule.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { lockDueSchedules, recordFire } from './dispatch-schedules.ts';
import { SCHEDULE_COLUMNS, type ScheduleRow, toSchedule } from './schedule-rows.ts';

/** Schedules in `schedules`; the dispatcher's reads go through `schedules_due_idx`. */
export class PostgresScheduleRepository extends PostgresRepository implements ScheduleRepository {
  async add(schedule: Schedule): Promise<void> {
    await this.#write(schedule);
  }

  async findById(id: string): Promise<Schedule | undefined> {
    const [row] = await this.db.query<ScheduleRow>(
      `select ${SCHEDULE_COLUMNS} from schedules where id = $1`,
      [id],
    );
    return row && toSchedule(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Schedule>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(workspaceId)}`;
    where += afterPosition('created_at, id', page, 'desc', params);
    const rows = await this.db.query<ScheduleRow>(
      `select ${SCHEDULE_COLUMNS} from schedules where ${where}
        order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toSchedule), page.limit, (schedule) => schedule);
  }

  update(id: string, change: (schedule: Schedule) => void): Promise<Schedule | undefined> {
    return this.db.transaction(async () => {
      const [row] = await this.db.query<ScheduleRow>(
        `select ${SCHEDULE_COLUMNS} from schedules where id = $1 for update`,
        [id],
      );
      if (!row) return undefined;
      const schedule = toSchedule(row);
      change(schedule);
      await this.#write(schedule);
      return schedule;
    });
  }

  /** Inserts the schedule, or overwrites every field but its workspace, mission and creation time. */
  async #write(schedule: Schedule): Promise<void> {
    await this.db.query(
      `insert into schedules (${SCHEDULE_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12)
       on conflict (id) do update set name = excluded.name, cron = excluded.cron, timezone = excluded.timezone,
         input = excluded.input, enabled = excluded.enabled, next_fire_at = excluded.next_fire_at,
         last_fire_time = excluded.last_fire_time, updated_at = excluded.updated_at`,
      [
        schedule.id,
        schedule.workspaceId,
        schedule.missionId,
        schedule.name,
        schedule.cron,
        schedule.timezone,
        schedule.input === null ? null : JSON.stringify(schedule.input),
        schedule.enabled,
        schedule.nextFireAt,
        schedule.lastFireTime,
        schedule.createdAt,
        schedule.updatedAt,
      ],
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from schedules where id = $1', [id]);
  }

  lockDue(now: Date, limit: number): Promise<Schedule[]> {
    return lockDueSchedules(this.db, now, limit);
  }

  recordFire(schedule: Schedule): Promise<void> {
    return recordFire(this.db, schedule);
  }
}
