import type { AuditEvent } from '../../application/audit/ports/audit-log.ts';
import { inMemoryTables } from '../platform/memory/in-memory-tables.ts';

/** An audit event as stored: the columns of `audit_events`. */
export interface RecordedAuditEvent extends Required<AuditEvent> {
  readonly id: string;
  readonly createdAt: Date;
}

/** The audit area's in-memory tables. */
export const auditTables = inMemoryTables((store) => ({
  auditEvents: store.byId((e: RecordedAuditEvent) => ({ ...e, details: { ...e.details } })),
}));
