import type {
  AuditEvents,
  AuditFilter,
  StoredAuditEvent,
} from '../../application/audit/ports/audit-events.ts';
import type { Page, PageRequest } from '../../application/kernel/ports/page.ts';
import { pageOf } from '../platform/memory/in-memory-page.ts';
import type { InMemoryStore } from '../platform/memory/in-memory-store.ts';
import { auditTables, type RecordedAuditEvent } from './in-memory-audit-tables.ts';

/** Lists the store's `auditEvents` as PostgreSQL's adapter lists `audit_events`. */
export class InMemoryAuditEvents implements AuditEvents {
  readonly #store: InMemoryStore;

  constructor({ store }: { store: InMemoryStore }) {
    this.#store = store;
  }

  async listForWorkspace(workspaceId: string, filter: AuditFilter, page: PageRequest) {
    return this.#list((event) => event.workspaceId === workspaceId, filter, page);
  }

  async listForUser(userId: string, filter: AuditFilter, page: PageRequest) {
    return this.#list((event) => event.userId === userId, filter, page);
  }

  #list(
    of: (event: RecordedAuditEvent) => boolean,
    filter: AuditFilter,
    page: PageRequest,
  ): Page<StoredAuditEvent> {
    const events = auditTables(this.#store)
      .auditEvents.all()
      .filter((event) => of(event) && matches(event, filter))
      .map(toStored);
    return pageOf(events, (event) => ({ createdAt: event.occurredAt, id: event.id }), page, 'desc');
  }
}

function matches(event: RecordedAuditEvent, filter: AuditFilter): boolean {
  const actor = event.apiKeyId ?? event.userId;
  return (
    (!filter.action || event.type === filter.action) &&
    (!filter.actorId || actor === filter.actorId) &&
    (!filter.targetType || event.target?.type === filter.targetType) &&
    (!filter.targetId || event.target?.id === filter.targetId) &&
    (!filter.since || event.createdAt >= filter.since) &&
    (!filter.until || event.createdAt < filter.until)
  );
}

function toStored({ createdAt, ...event }: RecordedAuditEvent): StoredAuditEvent {
  return { ...event, occurredAt: createdAt };
}
