import type { RetentionCutoffs, RetentionSetting } from '../../../domain/kernel/retention.ts';

/**
 * One kind of row retention deletes, declared by the area that owns the table (its module's `retention`).
 * The runner calls it again while it comes back with `limit` rows.
 */
export interface RetentionPurge {
  /** The setting whose days apply. */
  readonly setting: RetentionSetting;
  /** The name its count has in the `retention.purged` audit event (`runs`, `delivery_bodies`, ...). */
  readonly name: string;
  /**
   * Deletes (or, for bodies, drops) up to `limit` rows past their cutoff, in one short transaction of its
   * own, skipping rows another instance holds (`FOR UPDATE SKIP LOCKED`), and says how many. Only rows that
   * are finished: never a queued or running run, never a session still in use.
   */
  purgeBatch(cutoffs: RetentionCutoffs, limit: number): Promise<number>;
}
