import pg from 'pg';
import { type DatabaseDeadlines, poolOptions } from './pool-deadlines.ts';

/**
 * The advisory lock key every instance takes before migrating (any fixed 64-bit number no other code of this
 * service uses; it reads "migrate" on a phone keypad).
 */
export const MIGRATION_LOCK_KEY = 6_447_283;

/**
 * Runs `migrate` while holding PostgreSQL's session advisory lock `MIGRATION_LOCK_KEY` on a connection of its
 * own, so that N instances started at once on one database migrate it one after the other: the first applies
 * the migrations, the others wait, then find nothing left to apply. Creating the migrations table and the
 * tables themselves at once fails otherwise (`pg_type_typname_nsp_index`: two sessions creating one name).
 *
 * The lock lives on its own connection, not the migrator's pool, so that whatever the migrator does with its
 * connections cannot drop it midway; a process that dies while holding it loses its connection, and the
 * server releases the lock with it.
 */
export async function withMigrationLock<T>(
  url: string,
  deadlines: DatabaseDeadlines,
  migrate: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    ...poolOptions(deadlines, { statements: 'unbounded' }),
  });
  await client.connect();
  try {
    // Waits as long as another instance migrates: a migration may rightly run for minutes.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
