import type { RetentionPurge } from '../../../application/kernel/ports/retention-purge.ts';
import { postgresPurge } from '../../platform/postgres/expired-batch.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

const WORKSPACE = '(select t.workspace_id from triggers t where t.id = trigger_id)';

/**
 * Retention of the delivery log: raw bodies are dropped (the delivery's metadata and its run stay; the run's
 * input then shows a null body), log entries of duplicates and rejections deleted, and idempotency keys
 * forgotten once past their workspace's days (never within their 24 h window: the minimum is a day).
 */
export function postgresDeliveryPurges(db: PostgresDatabase): RetentionPurge[] {
  const old = { endedAt: 'received_at', workspaceColumn: WORKSPACE, table: 'webhook_deliveries' } as const;
  return [
    postgresPurge(db, 'delivery_bodies', 'delivery_bodies', {
      ...old,
      finished: 'body is not null',
      change: { set: 'body = null, body_purged_at = now()' },
    }),
    postgresPurge(db, 'delivery_bodies', 'delivery_log_entries', {
      ...old,
      finished: `status <> 'accepted'`,
      change: 'delete',
    }),
    postgresPurge(db, 'idempotency_keys', 'idempotency_keys', {
      ...old,
      finished: 'idempotency_key is not null',
      change: { set: 'idempotency_key = null, dedupe_open = false' },
    }),
  ];
}
