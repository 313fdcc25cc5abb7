import type { Schedule } from '../../../domain/schedules/schedule.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** Schedules. Every method joins the surrounding `UnitOfWork` transaction when there is one. */
export interface ScheduleRepository {
  add(schedule: Schedule): Promise<void>;
  findById(id: string): Promise<Schedule | undefined>;
  /** One page of the workspace's schedules, newest first: ordered by (createdAt, id) descending. */
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Schedule>>;
  /**
   * Locks the schedule, lets `change` change it (it may throw: nothing is then stored) and stores it, so a
   * change never overwrites a concurrent fire. Undefined when there is no such schedule.
   */
  update(id: string, change: (schedule: Schedule) => void): Promise<Schedule | undefined>;
  delete(id: string): Promise<void>;
  /**
   * Up to `limit` enabled schedules due at `now` (`nextFireAt <= now`), soonest first, locked until the
   * surrounding transaction ends; schedules another transaction holds are skipped, not waited for.
   */
  lockDue(now: Date, limit: number): Promise<Schedule[]>;
  /** Stores the fire bookkeeping (`nextFireAt`, `lastFireTime`) of a schedule this transaction locked. */
  recordFire(schedule: Schedule): Promise<void>;
}
