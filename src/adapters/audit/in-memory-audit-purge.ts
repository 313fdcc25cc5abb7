import type { RetentionPurge } from '../../application/kernel/ports/retention-purge.ts';
import { inMemoryPurge } from '../platform/memory/in-memory-retention.ts';
import type { InMemoryStore } from '../platform/memory/in-memory-store.ts';
import { auditTables } from './in-memory-audit-tables.ts';

/** The in-memory counterpart of `postgresAuditPurge`. */
export function inMemoryAuditPurge(store: InMemoryStore): RetentionPurge {
  return inMemoryPurge(store, {
    setting: 'audit',
    name: 'audit_events',
    table: (s) => auditTables(s).auditEvents,
    keyOf: (event) => event.id,
    endedAt: (event) => event.createdAt,
    workspaceOf: (event) => event.workspaceId,
  });
}
