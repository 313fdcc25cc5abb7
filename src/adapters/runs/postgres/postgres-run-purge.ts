import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { postgresPurge } from '../../platform/postgres/expired-batch.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * Retention of runs: finished runs (succeeded, failed, cancelled) past their workspace's days since they
 * finished, with their events (`on delete cascade`); a queued or running run is never touched.
 */
export function postgresRunPurge(db: PostgresDatabase): RetentionPurge {
  return postgresPurge(db, 'runs', 'runs', {
    table: 'runs',
    finished: `status in ('succeeded', 'failed', 'cancelled')`,
    endedAt: 'finished_at',
    workspaceColumn: 'runs.workspace_id',
    change: 'delete',
  });
}
