import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { MessageWithAttempts } from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { ATTEMPT_COLUMNS, MESSAGE_COLUMNS, type MessageRow, toMessage } from './webhook-message-rows.ts';

interface AttemptRow {
  readonly id: string;
  readonly message_id: string;
  readonly attempted_at: Date | string;
  readonly duration_ms: number;
  readonly response_status: number | null;
  readonly error: string | null;
  readonly outcome: 'succeeded' | 'failed';
}

export async function findMessage(db: PostgresDatabase, id: string): Promise<WebhookMessage | undefined> {
  const [row] = await db.query<MessageRow>(`select ${MESSAGE_COLUMNS} from webhook_messages where id = $1`, [
    id,
  ]);
  return row && toMessage(row);
}

export async function listMessagesForEndpoint(
  db: PostgresDatabase,
  endpointId: string,
  page: PageRequest,
): Promise<Page<MessageWithAttempts>> {
  const after = page.after ? 'and (created_at, id) < ($3::timestamptz, $4::uuid)' : '';
  const rows = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from webhook_messages where endpoint_id = $1 ${after}
        order by created_at desc, id desc limit $2`,
    [endpointId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
  );
  const messages = rows.map(toMessage);
  const attempts = await attemptsOf(
    db,
    messages.map((m) => m.id),
  );
  return toPage(
    messages.map((message) => ({ message, attempts: attempts.filter((a) => a.messageId === message.id) })),
    page.limit,
    ({ message }) => message,
  );
}

export async function attemptsOf(
  db: PostgresDatabase,
  messageIds: readonly string[],
): Promise<DeliveryAttempt[]> {
  if (messageIds.length === 0) return [];
  const rows = await db.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from webhook_attempts where message_id = any($1::uuid[]) order by attempted_at, id`,
    [messageIds],
  );
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    attemptedAt: new Date(row.attempted_at),
    durationMs: row.duration_ms,
    responseStatus: row.response_status,
    error: row.error,
    outcome: row.outcome,
  }));
}
