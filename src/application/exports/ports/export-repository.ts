import type { ExportJob } from '../../../domain/exports/export-job.ts';

/** Exports as background jobs, shared by every instance. */
export interface ExportRepository {
  add(job: ExportJob): Promise<void>;
  findById(id: string): Promise<ExportJob | undefined>;
  /**
   * Takes the oldest export `ExportJob.takeableAt(now)`: locks it, skipping exports other instances are taking
   * at that moment (two never take the same one, none waits for another), applies `take` and stores the result.
   * Undefined when there is none.
   */
  takeNext(now: Date, take: (job: ExportJob) => void): Promise<ExportJob | undefined>;
  /**
   * Moves the lease of the attempt `job.attempts` of a running export to `until`; false (nothing changed) when
   * that attempt no longer holds it (it ran out and another instance took the export).
   */
  renewLease(job: ExportJob, until: Date): Promise<boolean>;
  /**
   * Stores the end of the attempt `job.attempts` (succeeded or failed); false (nothing stored) when that
   * attempt no longer holds the export.
   */
  finish(job: ExportJob): Promise<boolean>;
}
