import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuditEvent, AuditLog } from '../../application/audit/ports/audit-log.ts';
import type { Clock } from '../../application/kernel/ports/clock.ts';
import type { PostgresDatabase } from '../platform/postgres/postgres-database.ts';

/** Audit events go to the `audit_events` table (inside the caller's transaction, if any) and to the log. */
export class PostgresAuditLog implements AuditLog {
  readonly #db: PostgresDatabase;
  readonly #logger: Logger;
  readonly #clock: Clock;

  constructor({ db, logger, clock }: { db: PostgresDatabase; logger: Logger; clock: Clock }) {
    this.#db = db;
    this.#logger = logger;
    this.#clock = clock;
  }

  async record(event: AuditEvent): Promise<void> {
    const row = {
      type: event.type,
      userId: event.userId ?? null,
      sessionId: event.sessionId ?? null,
      ip: event.ip ?? null,
    };
    await this.#db.query(
      `insert into audit_events
         (id, type, user_id, session_id, ip, details, created_at, workspace_id, api_key_id, target_type, target_id)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11)`,
      [
        randomUUID(),
        row.type,
        row.userId,
        row.sessionId,
        row.ip,
        JSON.stringify(event.details ?? {}),
        this.#clock.now(),
        event.workspaceId ?? null,
        event.apiKeyId ?? null,
        event.target?.type ?? null,
        event.target?.id ?? null,
      ],
    );
    this.#logger.info({ audit: row, details: event.details }, `audit: ${event.type}`);
  }
}
