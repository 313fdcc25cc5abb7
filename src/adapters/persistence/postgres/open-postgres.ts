import type { Logger } from 'pino';
import { openDatabase } from './database.ts';
import { connectPostgres, type PostgresDatabase } from './postgres-database.ts';

/** Database (configured or embedded) -> pool and MikroORM -> committed migrations applied. */
export async function openPostgres(
  settings: { databaseUrl: string | undefined; dataDir: string },
  logger: Logger,
): Promise<PostgresDatabase> {
  const database = await openDatabase(settings);
  let db: PostgresDatabase | undefined;
  try {
    db = await connectPostgres({ url: database.url, release: () => database.release() });
    const applied = await db.migrate();
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    return db;
  } catch (error) {
    await (db ? db.close() : database.release());
    throw error;
  }
}
