import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import type { RetentionCutoffs, RetentionSetting } from '../../../domain/kernel/retention.ts';
import { isExpired } from '../../../domain/kernel/retention.ts';
import type { InMemoryStore } from './in-memory-store.ts';
import type { InMemoryTable } from './in-memory-table.ts';

/** One kind of expired row of an in-memory table: the counterpart of `ExpiredBatch`. */
export interface InMemoryExpiry<Row> {
  readonly setting: RetentionSetting;
  readonly name: string;
  readonly table: (store: InMemoryStore) => InMemoryTable<Row>;
  readonly keyOf: (row: Row) => string;
  /** Null while the row is unfinished (never purged); else when it ended. */
  readonly endedAt: (row: Readonly<Row>) => Date | null;
  readonly workspaceOf?: (row: Readonly<Row>) => string | null;
  /** Deletes the row, or stores what `change` makes of it (a body dropped). */
  readonly change?: (row: Row) => Row;
}

/** The RetentionPurge of `expiry`. */
export function inMemoryPurge<Row>(store: InMemoryStore, expiry: InMemoryExpiry<Row>): RetentionPurge {
  return {
    setting: expiry.setting,
    name: expiry.name,
    purgeBatch: async (cutoffs, limit) => (await purgeExpiredRows(store, expiry, cutoffs, limit)).length,
  };
}

/** Deletes (or changes) up to `limit` rows past their cutoff, oldest first, in one atomic step; returns them. */
export function purgeExpiredRows<Row>(
  store: InMemoryStore,
  expiry: Omit<InMemoryExpiry<Row>, 'setting' | 'name'>,
  cutoffs: RetentionCutoffs,
  limit: number,
): Promise<Row[]> {
  return store.atomically(() => {
    const table = expiry.table(store);
    const ended = (row: Readonly<Row>) => expiry.endedAt(row)?.getTime() ?? Infinity;
    const expired = table
      .filter((row) => {
        const endedAt = expiry.endedAt(row);
        return endedAt !== null && isExpired(cutoffs, expiry.workspaceOf?.(row) ?? null, endedAt);
      })
      .sort((a, b) => ended(a) - ended(b))
      .slice(0, limit);
    for (const row of expired) {
      if (expiry.change) table.put(expiry.change(row));
      else table.delete(expiry.keyOf(row));
    }
    return expired;
  });
}
