import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import type { RetentionCutoffs, RetentionSetting } from '../../../domain/kernel/retention.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { SqlParameters } from './sql-parameters.ts';

/** One batch of retention on one table: which rows are past their cutoff, and what becomes of them. */
export interface ExpiredBatch {
  readonly table: string;
  /** The condition of a finished row (`status in (...)`), in the table's own column names. */
  readonly finished: string;
  /** When the row ended: the time its retention counts from. */
  readonly endedAt: string;
  /** The column naming its workspace, when a workspace may set the retention itself. */
  readonly workspaceColumn?: string;
  /** `delete`, or the `set ...` clause of an update (a body dropped). */
  readonly change: 'delete' | { readonly set: string };
}

/**
 * Applies `batch` to up to `limit` rows past their cutoff in one statement (its own transaction), locking
 * them with SKIP LOCKED so that instances purging at once split the rows instead of waiting on each other or
 * touching a row twice; returns the rows' ids.
 */
export async function purgeExpiredBatch(
  db: PostgresDatabase,
  batch: ExpiredBatch,
  cutoffs: RetentionCutoffs,
  limit: number,
): Promise<string[]> {
  const params = new SqlParameters();
  const cutoff = retentionCutoffSql(cutoffs, params, batch.workspaceColumn);
  const expired = `select id from ${batch.table} where ${batch.finished} and ${batch.endedAt} < ${cutoff}
    limit ${params.add(limit)} for update skip locked`;
  const change =
    batch.change === 'delete'
      ? `delete from ${batch.table}`
      : `update ${batch.table} set ${batch.change.set}`;
  const rows = await db.query<{ id: string }>(
    `${change} where id in (${expired}) returning id`,
    params.values,
  );
  return rows.map((row) => row.id);
}

/** The RetentionPurge named `name` of `setting` that applies `batch`. */
export function postgresPurge(
  db: PostgresDatabase,
  setting: RetentionSetting,
  name: string,
  batch: ExpiredBatch,
): RetentionPurge {
  return {
    setting,
    name,
    purgeBatch: async (cutoffs, limit) => (await purgeExpiredBatch(db, batch, cutoffs, limit)).length,
  };
}

/**
 * The SQL expression of a row's cutoff: its workspace's own (`workspaceColumn`), else the fallback. A kept
 * setting is `-infinity`, which no timestamp precedes.
 */
function retentionCutoffSql(
  cutoffs: RetentionCutoffs,
  params: SqlParameters,
  workspaceColumn?: string,
): string {
  const fallback = `${params.add(asTimestamp(cutoffs.fallback))}::timestamptz`;
  if (workspaceColumn === undefined || cutoffs.byWorkspace.size === 0) return fallback;
  const ids = params.add([...cutoffs.byWorkspace.keys()]);
  const times = params.add([...cutoffs.byWorkspace.values()].map(asTimestamp));
  return `coalesce((select own.cutoff from unnest(${ids}::uuid[], ${times}::timestamptz[]) as own(workspace_id, cutoff)
    where own.workspace_id = ${workspaceColumn}), ${fallback})`;
}

const asTimestamp = (cutoff: Date | null) => (cutoff === null ? '-infinity' : cutoff.toISOString());
