import type { ExportRepository } from '../../../application/exports/ports/export-repository.ts';
import type { ExportJob } from '../../../domain/exports/export-job.ts';
import { comparePositions } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRowRepository } from '../../platform/memory/in-memory-repository.ts';
import { exportTables } from './export-tables.ts';

/** Exports in the store; taking one, renewing and finishing are each one store step. */
export class InMemoryExportRepository
  extends inMemoryRowRepository(exportTables, (tables) => tables.exports)
  implements ExportRepository
{
  takeNext(now: Date, take: (job: ExportJob) => void): Promise<ExportJob | undefined> {
    return this.atomically(({ exports }) => {
      const [job] = exports.filter((row) => row.takeableAt(now)).sort(comparePositions);
      if (!job) return undefined;
      take(job);
      exports.put(job);
      return job;
    });
  }

  renewLease(job: ExportJob, until: Date): Promise<boolean> {
    return this.atomically(({ exports }) => {
      if (!this.#heldBy(exports.get(job.id), job)) return false;
      exports.update(job.id, (stored) => {
        stored.leaseExpiresAt = until;
      });
      return true;
    });
  }

  finish(job: ExportJob): Promise<boolean> {
    return this.atomically(({ exports }) => {
      if (!this.#heldBy(exports.get(job.id), job)) return false;
      exports.put(job);
      return true;
    });
  }

  #heldBy(stored: ExportJob | undefined, job: ExportJob): boolean {
    return stored?.status === 'running' && stored.attempts === job.attempts;
  }
}
