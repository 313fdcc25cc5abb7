import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * Retention: drops the bodies of up to `batchSize` deliveries received before `cutoff`, and deletes as many of
 * their log entries (those that made no run); says how many of each.
 */
export async function purgeDeliveriesReceivedBefore(
  db: PostgresDatabase,
  cutoff: Date,
  batchSize: number,
): Promise<{ bodies: number; entries: number }> {
  // SKIP LOCKED: instances purging at the same time split the work instead of queueing on row locks.
  const bodies = await db.query(
    `update webhook_deliveries set body = null, body_purged_at = now()
        where id in (select id from webhook_deliveries where body is not null and received_at < $1
                      order by received_at limit $2 for update skip locked)
        returning id`,
    [cutoff, batchSize],
  );
  const entries = await db.query(
    `delete from webhook_deliveries
        where id in (select id from webhook_deliveries where status <> 'accepted' and received_at < $1
                      order by received_at limit $2 for update skip locked)
        returning id`,
    [cutoff, batchSize],
  );
  return { bodies: bodies.length, entries: entries.length };
}
