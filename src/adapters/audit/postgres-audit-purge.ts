import type { RetentionPurge } from '../../application/kernel/ports/retention-purge.ts';
import { postgresPurge } from '../platform/postgres/expired-batch.ts';
import type { PostgresDatabase } from '../platform/postgres/postgres-database.ts';

/** Retention of the audit log: events older than their workspace's days (at least 365), the others' by the instance's. */
export function postgresAuditPurge(db: PostgresDatabase): RetentionPurge {
  return postgresPurge(db, 'audit', 'audit_events', {
    table: 'audit_events',
    finished: 'true',
    endedAt: 'created_at',
    workspaceColumn: 'audit_events.workspace_id',
    change: 'delete',
  });
}
