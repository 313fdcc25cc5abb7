import type { Logger } from 'pino';
import { openDatabase } from './database.ts';
import { createOrm, migrate, type Orm } from './orm.ts';

export interface OpenedOrm {
  readonly orm: Orm;
  readonly url: string;
  /** Closes the pool, then lets go of the database (stopping an embedded server this process started). */
  close(): Promise<void>;
}

/** Database (configured or embedded) -> MikroORM -> committed migrations applied. */
export async function openOrm(
  settings: { databaseUrl: string | undefined; dataDir: string },
  logger: Logger,
): Promise<OpenedOrm> {
  const database = await openDatabase(settings);
  try {
    const orm = await createOrm({ url: database.url });
    const applied = await migrate(orm);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
    return {
      orm,
      url: database.url,
      async close() {
        await orm.close();
        await database.release();
      },
    };
  } catch (error) {
    await database.release();
    throw error;
  }
}
