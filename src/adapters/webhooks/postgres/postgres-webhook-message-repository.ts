import { randomUUID } from 'node:crypto';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  LeasedMessage,
  MessageWithAttempts,
  WebhookMessageRepository,
} from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { WebhookEventType } from '../../../domain/webhooks/webhook-event-types.ts';
import {
  type DeliveryAttempt,
  type MessageStatus,
  WebhookMessage,
} from '../../../domain/webhooks/webhook-message.ts';
import { toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

interface MessageRow {
  readonly id: string;
  readonly endpoint_id: string;
  readonly workspace_id: string;
  readonly event_type: WebhookEventType;
  readonly payload: JsonObject;
  readonly status: MessageStatus;
  readonly failed_attempts: number;
  readonly next_attempt_at: Date | string | null;
  readonly created_at: Date | string;
}

interface AttemptRow {
  readonly id: string;
  readonly message_id: string;
  readonly attempted_at: Date | string;
  readonly duration_ms: number;
  readonly response_status: number | null;
  readonly error: string | null;
  readonly outcome: 'succeeded' | 'failed';
}

const COLUMNS =
  'id, endpoint_id, workspace_id, event_type, payload, status, failed_attempts, next_attempt_at, created_at';
const ATTEMPT_COLUMNS = 'id, message_id, attempted_at, duration_ms, response_status, error, outcome';

/**
 * The outbox in `webhook_messages` and `webhook_attempts` (bound SQL, joining the surrounding unit of work,
 * so messages commit with the run change that causes them). Claims lock due rows with FOR UPDATE SKIP
 * LOCKED and stamp a lease on them in one statement: concurrent dispatchers, in any number of processes,
 * lease disjoint sets, and a leased row stays out of every claim until its lease runs out.
 */
export class PostgresWebhookMessageRepository implements WebhookMessageRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async add(messages: readonly WebhookMessage[]): Promise<void> {
    for (const m of messages) {
      await this.#db.query(
        `insert into webhook_messages (${COLUMNS}) values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
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

  async claimDue(
    now: Date,
    { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
  ): Promise<LeasedMessage[]> {
    const lease = randomUUID();
    const rows = await this.#db.query<MessageRow>(
      `with due as (
         select m.id from webhook_messages m
           join webhook_endpoints e on e.id = m.endpoint_id and e.enabled
          where m.status = 'pending' and m.next_attempt_at <= $1 and (m.leased_until is null or m.leased_until <= $1)
          order by m.next_attempt_at
          limit $2
          for update of m skip locked)
       update webhook_messages m
          set lease_token = $3, leased_until = $1::timestamptz + make_interval(secs => $4)
         from due where m.id = due.id
       returning ${COLUMNS.split(', ')
         .map((c) => `m.${c}`)
         .join(', ')}`,
      [now, limit, lease, leaseSeconds],
    );
    return rows.map((row) => ({ message: toMessage(row), lease }));
  }

  async recordAttempt(m: WebhookMessage, a: DeliveryAttempt, lease: string): Promise<boolean> {
    // One statement: the attempt is stored only if the message's row still carries this lease.
    const rows = await this.#db.query<{ id: string }>(
      `with held as (
         update webhook_messages
            set status = $3, failed_attempts = $4, next_attempt_at = $5, lease_token = null, leased_until = null
          where id = $1 and lease_token = $2
          returning id)
       insert into webhook_attempts (${ATTEMPT_COLUMNS})
       select $6, held.id, $7, $8, $9, $10, $11 from held
       returning id`,
      [
        m.id,
        lease,
        m.status,
        m.failedAttempts,
        m.nextAttemptAt,
        a.id,
        a.attemptedAt,
        a.durationMs,
        a.responseStatus,
        a.error,
        a.outcome,
      ],
    );
    return rows.length > 0;
  }

  async findById(id: string): Promise<WebhookMessage | undefined> {
    const [row] = await this.#db.query<MessageRow>(`select ${COLUMNS} from webhook_messages where id = $1`, [
      id,
    ]);
    return row && toMessage(row);
  }

  async listForEndpoint(endpointId: string, page: PageRequest): Promise<Page<MessageWithAttempts>> {
    const after = page.after ? 'and (created_at, id) < ($3::timestamptz, $4::uuid)' : '';
    const rows = await this.#db.query<MessageRow>(
      `select ${COLUMNS} from webhook_messages where endpoint_id = $1 ${after}
        order by created_at desc, id desc limit $2`,
      [endpointId, page.limit + 1, ...(page.after ? [page.after.createdAt, page.after.id] : [])],
    );
    const messages = rows.map(toMessage);
    const attempts = await this.#attemptsOf(messages.map((m) => m.id));
    return toPage(
      messages.map((message) => ({ message, attempts: attempts.filter((a) => a.messageId === message.id) })),
      page.limit,
      ({ message }) => message,
    );
  }

  attemptsOf(messageId: string): Promise<DeliveryAttempt[]> {
    return this.#attemptsOf([messageId]);
  }

  async save(m: WebhookMessage): Promise<void> {
    await this.#db.query(
      'update webhook_messages set status = $2, failed_attempts = $3, next_attempt_at = $4 where id = $1',
      [m.id, m.status, m.failedAttempts, m.nextAttemptAt],
    );
  }

  async #attemptsOf(messageIds: readonly string[]): Promise<DeliveryAttempt[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.#db.query<AttemptRow>(
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
}

function toMessage(row: MessageRow): WebhookMessage {
  return new WebhookMessage({
    id: row.id,
    endpointId: row.endpoint_id,
    workspaceId: row.workspace_id,
    eventType: row.event_type,
    payload: row.payload,
    status: row.status,
    failedAttempts: row.failed_attempts,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
  });
}
