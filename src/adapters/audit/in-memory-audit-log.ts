import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuditEvent, AuditLog } from '../../application/audit/ports/audit-log.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import type { InMemoryStore } from '../platform/memory/in-memory-store.ts';
import type { RecordedAuditEvent } from './in-memory-audit-tables.ts';
import { auditTables } from './in-memory-audit-tables.ts';

/** Audit events in the store's `auditEvents` table (joining the current transaction) and, given one, the log. */
export class InMemoryAuditLog implements AuditLog {
  readonly #store: InMemoryStore;
  readonly #clock: Clock;
  readonly #logger: Logger | undefined;

  constructor({ store, clock, logger }: { store: InMemoryStore; clock: Clock; logger?: Logger }) {
    this.#store = store;
    this.#clock = clock;
    this.#logger = logger;
  }

  async record(event: AuditEvent): Promise<void> {
    const row: RecordedAuditEvent = {
      id: randomUUID(),
      type: event.type,
      userId: event.userId ?? null,
      sessionId: event.sessionId ?? null,
      ip: event.ip ?? null,
      apiKeyId: event.apiKeyId ?? null,
      workspaceId: event.workspaceId ?? null,
      target: event.target ?? null,
      details: event.details ?? {},
      createdAt: this.#clock.now(),
    };
    await this.#store.atomically(() => auditTables(this.#store).auditEvents.put(row));
    const { type, userId, sessionId, ip } = row;
    this.#logger?.info({ audit: { type, userId, sessionId, ip }, details: event.details }, `audit: ${type}`);
  }

  /** Every stored event, oldest first: what PostgreSQL's `audit_events` would hold. */
  get events(): RecordedAuditEvent[] {
    return auditTables(this.#store).auditEvents.all();
  }
}
