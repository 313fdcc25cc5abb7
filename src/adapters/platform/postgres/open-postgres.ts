import type { EntitySchema } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { openDatabase } from './database.ts';
import { withMigrationLock } from './migration-lock.ts';
import type { DatabaseDeadlines } from './pool-deadlines.ts';
import { connectPostgres, type PostgresDatabase } from './postgres-database.ts';

/**
 * Database (configured or embedded) -> committed migrations applied, on a connection of their own without
 * statement deadlines, under the migration lock -> the pool and MikroORM, every query of which has them.
 */
export async function openPostgres(
  settings: { databaseUrl: string | undefined; dataDir: string; databaseDeadlines: DatabaseDeadlines },
  logger: Logger,
  entities: readonly EntitySchema[],
): Promise<PostgresDatabase> {
  const database = await openDatabase(settings);
  const { url } = database;
  const deadlines = settings.databaseDeadlines;
  try {
    // One instance at a time (see withMigrationLock): N started at once on one database migrate it once.
    const applied = await withMigrationLock(url, deadlines, async () => {
      const migrator = await connectPostgres({ url, entities, poolMax: 1, deadlines, migrating: true });
      return migrator.migrate().finally(() => migrator.close());
    });
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    return await connectPostgres({ url, entities, deadlines, release: () => database.release() });
  } catch (error) {
    await database.release();
    throw error;
  }
}
