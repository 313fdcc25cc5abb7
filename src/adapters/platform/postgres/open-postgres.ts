import type { EntitySchema } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { openDatabase } from './database.ts';
import type { DatabaseDeadlines } from './pool-deadlines.ts';
import { connectPostgres, type PostgresDatabase } from './postgres-database.ts';
import { migratePostgres } from './postgres-migrations.ts';

/**
 * Database (configured or embedded) -> committed migrations applied when any is pending (`migratePostgres`) ->
 * the pool and MikroORM, every query of which has statement deadlines.
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
    const applied = await migratePostgres(url, deadlines);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    return await connectPostgres({ url, entities, deadlines, release: () => database.release() });
  } catch (error) {
    await database.release();
    throw error;
  }
}
