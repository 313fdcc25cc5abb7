import type { RetentionDays } from '../../domain/kernel/retention.ts';

/** The instance's retention, from `RETENTION_*`. */
export interface RetentionSettings {
  /** The defaults every workspace follows unless it set its own. */
  readonly days: RetentionDays;
  /** Rows per statement, each its own short transaction. */
  readonly batchSize: number;
  /** The most batches of one kind a pass deletes, so one pass never holds the job forever. */
  readonly maxBatches: number;
}
