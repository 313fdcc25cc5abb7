import { randomUUID } from 'node:crypto';
import type { LeasedMessage } from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { ATTEMPT_COLUMNS, MESSAGE_COLUMNS, type MessageRow, toMessage } from './webhook-message-rows.ts';

// The dispatcher's statements: claims lock due rows with FOR UPDATE SKIP LOCKED and stamp a lease on them in
// one statement, so concurrent dispatchers, in any number of processes, lease disjoint sets, and a leased row
// stays out of every claim until its lease runs out; an attempt is recorded only under the lease.

export async function claimDueMessages(
  db: PostgresDatabase,
  now: Date,
  { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
): Promise<LeasedMessage[]> {
  const lease = randomUUID();
  const rows = await db.query<MessageRow>(
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
       returning ${MESSAGE_COLUMNS.split(', ')
         .map((c) => `m.${c}`)
         .join(', ')}`,
    [now, limit, lease, leaseSeconds],
  );
  return rows.map((row) => ({ message: toMessage(row), lease }));
}

export async function recordLeasedAttempt(
  db: PostgresDatabase,
  m: WebhookMessage,
  a: DeliveryAttempt,
  lease: string,
): Promise<boolean> {
  // One statement: the attempt is stored only if the message's row still carries this lease.
  const rows = await db.query<{ id: string }>(
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
