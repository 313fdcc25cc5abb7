import type { WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { MESSAGE_COLUMNS } from './webhook-message-rows.ts';

// The outbox's writes outside a dispatch: new messages (in the unit of work of the change that causes them) and
// a message's state saved back.

export async function addMessages(db: PostgresDatabase, messages: readonly WebhookMessage[]): Promise<void> {
  for (const m of messages) {
    await db.query(
      `insert into webhook_messages (${MESSAGE_COLUMNS}) values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
      [
        m.id,
        m.endpointId,
        m.workspaceId,
        m.eventType,
        JSON.stringify(m.payload),
        m.status,
        m.failedAttempts,
        m.nextAttemptAt,
        m.createdAt,
      ],
    );
  }
}

export async function saveMessage(db: PostgresDatabase, m: WebhookMessage): Promise<void> {
  await db.query(
    'update webhook_messages set status = $2, failed_attempts = $3, next_attempt_at = $4 where id = $1',
    [m.id, m.status, m.failedAttempts, m.nextAttemptAt],
  );
}
