import type { AuditEvent, AuditLog } from '../../application/audit/ports/audit-log.ts';
import type { Metrics } from '../../application/kernel/ports/metrics.ts';

/** The audit log, each event also counted by type (`audit_events_total`): refresh reuse, failed logins... */
export class CountedAuditLog implements AuditLog {
  readonly #inner: AuditLog;
  readonly #events;

  constructor(inner: AuditLog, metrics: Metrics) {
    this.#inner = inner;
    this.#events = metrics.counter({
      name: 'audit_events_total',
      help: 'Security audit events recorded, by type',
      labelNames: ['type'],
    });
  }

  async record(event: AuditEvent): Promise<void> {
    await this.#inner.record(event);
    this.#events.inc({ type: event.type });
  }
}
