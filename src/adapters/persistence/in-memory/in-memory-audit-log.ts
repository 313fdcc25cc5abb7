import type { AuditEvent, AuditLog } from '../../../application/ports/audit-log.ts';

export class InMemoryAuditLog implements AuditLog {
  readonly events: AuditEvent[] = [];

  async record(event: AuditEvent): Promise<void> {
    this.events.push(event);
  }
}
