import { randomUUID } from 'node:crypto';
import type {
  ClaimOptions,
  LeasedMessage,
} from '../../../application/webhooks/ports/webhook-message-repository.ts';
import type { DeliveryAttempt, WebhookMessage } from '../../../domain/webhooks/webhook-message.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { ATTEMPT_COLUMNS, MESSAGE_COLUMNS, type MessageRow, toMessage } from './webhook-message-rows.ts';

// The dispatcher's statements: claims lock due rows with FOR UPDATE SKIP LOCKED and stamp a lease on them in
// one statement, so concurrent dispatchers, in any number of processes, lease disjoint sets, and a leased row
// stays out of every claim until its lease runs out; an attempt is recorded only under the lease.

export async function claimDueMessages(
  db: PostgresDatabase,
  now: Date,
  options: ClaimOptions,
): Promise<LeasedMessage[]> {
  const lease = randomUUID();
  // Fair between workspaces: due messages ranked within their endpoint and their workspace; the limits cut
  // by rank, and the order takes every workspace's first before any workspace's second.
  const rows = await db.query<MessageRow>(
    `with candidates as (
         select m.id, m.next_attempt_at,
                row_number() over (partition by m.endpoint_id order by m.next_attempt_at, m.id) as endpoint_rank,
                row_number() over (partition by m.workspace_id order by m.next_attempt_at, m.id) as workspace_rank
           from webhook_messages m
           join webhook_endpoints e on e.id = m.endpoint_id and e.enabled
          where m.status = 'pending' and m.next_attempt_at <= $1 and (m.leased_until is null or m.leased_until <= $1)
            and m.endpoint_id <> all($5::uuid[]) and m.workspace_id <> all($6::uuid[])),
       due as (
         select m.id from webhook_messages m join candidates c on c.id = m.id
          where c.endpoint_rank <= $7 and c.workspace_rank <= $8
            -- Checked again on the locked row: a concurrent claim that leased it meanwhile has committed.
            and m.status = 'pending' and (m.leased_until is null or m.leased_until <= $1)
          order by c.workspace_rank, c.next_attempt_at
          limit $2
          for update of m skip locked)
       update webhook_messages m
          set lease_token = $3, leased_until = $1::timestamptz + make_interval(secs => $4)
         from due where m.id = due.id
       returning ${MESSAGE_COLUMNS.split(', ')
         .map((c) => `m.${c}`)
         .join(', ')}`,
    [
      now,
      options.limit,
      lease,
      options.leaseSeconds,
      options.skip?.endpoints ?? [],
      options.skip?.workspaces ?? [],
      // No limit: every due row qualifies, so concurrent claims skip each other's locked rows to others.
      options.perEndpoint ?? Number.MAX_SAFE_INTEGER,
      options.perWorkspace ?? Number.MAX_SAFE_INTEGER,
    ],
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
