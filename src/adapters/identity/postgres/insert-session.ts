import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * Inserts a session row (`columns` with their `values`, which include `user_id` and `user_epoch`) only while
 * its user is enabled and still in that security epoch; true when stored. FOR SHARE waits for a transaction
 * that is changing the user (a disable, a new password), then re-reads the row, so the epoch compared is the
 * committed one; while this insert holds the lock, such a change waits for it and then finds the session.
 */
export async function insertSessionInUserEpoch(
  db: PostgresDatabase,
  table: 'login_sessions' | 'browser_sessions',
  row: Record<string, unknown>,
): Promise<boolean> {
  const columns = Object.keys(row);
  const placeholder = (column: string) => `$${columns.indexOf(column) + 1}`;
  const inserted = await db.query(
    `insert into ${table} (${columns.join(', ')})
      select ${columns.map(placeholder).join(', ')}
        from users
        where id = ${placeholder('user_id')} and security_epoch = ${placeholder('user_epoch')} and not disabled
        for share
      returning id`,
    Object.values(row),
  );
  return inserted.length === 1;
}
