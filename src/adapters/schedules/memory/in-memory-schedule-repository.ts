import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { ScheduleRepository } from '../../../application/schedules/ports/schedule-repository.ts';
import type { Schedule } from '../../../domain/schedules/schedule.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { scheduleTables } from './schedule-tables.ts';

/**
 * Schedules in the store. `lockDue` needs no lock of its own: inside a unit of work the store runs one
 * transaction at a time.
 */
export class InMemoryScheduleRepository
  extends inMemoryRowRepository(scheduleTables, (tables) => tables.schedules)
  implements ScheduleRepository
{
  listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Schedule>> {
    return this.pageWhere((s) => s.workspaceId === workspaceId, page, 'desc');
  }

  update(id: string, change: (schedule: Schedule) => void): Promise<Schedule | undefined> {
    return this.atomically((tables) => tables.schedules.update(id, change));
  }

  delete(id: string): Promise<void> {
    return this.atomically(() => void this.tables.schedules.delete(id));
  }

  lockDue(now: Date, limit: number): Promise<Schedule[]> {
    return this.atomically(() =>
      this.tables.schedules
        .filter((s) => s.enabled && s.nextFireAt !== null && s.nextFireAt <= now)
        .sort((a, b) => (a.nextFireAt?.getTime() ?? 0) - (b.nextFireAt?.getTime() ?? 0))
        .slice(0, limit),
    );
  }

  recordFire(schedule: Schedule): Promise<void> {
    return this.store.atomically(
      () =>
        void this.tables.schedules.update(schedule.id, (stored) => {
          stored.nextFireAt = schedule.nextFireAt;
          stored.lastFireTime = schedule.lastFireTime;
        }),
    );
  }
}
