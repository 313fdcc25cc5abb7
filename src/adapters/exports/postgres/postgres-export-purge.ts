import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { postgresPurge } from '../../platform/postgres/expired-batch.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * Retention of exports: a finished export (succeeded or failed) goes once its workspace's `files` days passed
 * since it finished, as its file does (the files' own retention deletes that, with its bytes); a queued or
 * running export is never touched.
 */
export function postgresExportPurge(db: PostgresDatabase): RetentionPurge {
  return postgresPurge(db, 'files', 'exports', {
    table: 'exports',
    finished: `status in ('succeeded', 'failed')`,
    endedAt: 'finished_at',
    workspaceColumn: 'exports.workspace_id',
    change: 'delete',
  });
}
