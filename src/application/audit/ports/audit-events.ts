import type { Page, PageRequest } from '../../kernel/ports/page.ts';
import type { AuditEventType, AuditTarget } from './audit-log.ts';

/** A stored audit event, as the audit API lists it. */
export interface StoredAuditEvent {
  readonly id: string;
  readonly type: AuditEventType;
  readonly userId: string | null;
  readonly sessionId: string | null;
  readonly apiKeyId: string | null;
  readonly workspaceId: string | null;
  readonly target: AuditTarget | null;
  readonly ip: string | null;
  readonly details: Readonly<Record<string, string | number | boolean | null>>;
  readonly occurredAt: Date;
}

/** Narrows a list; every given condition must hold. */
export interface AuditFilter {
  readonly action?: AuditEventType;
  /** The user or API key that acted. */
  readonly actorId?: string;
  readonly targetType?: AuditTarget['type'];
  readonly targetId?: string;
  /** At or after. */
  readonly since?: Date;
  /** Before. */
  readonly until?: Date;
}

/** Reads the audit log. */
export interface AuditEvents {
  /** Events of the workspace, newest first (keyset on occurredAt, id, descending). */
  listForWorkspace(
    workspaceId: string,
    filter: AuditFilter,
    page: PageRequest,
  ): Promise<Page<StoredAuditEvent>>;
  /** Events whose user is `userId` (their own security events and what they did), newest first. */
  listForUser(userId: string, filter: AuditFilter, page: PageRequest): Promise<Page<StoredAuditEvent>>;
}
