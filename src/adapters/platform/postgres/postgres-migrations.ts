import pg from 'pg';
import { MIGRATION_NAMES } from '../../migrations/names.ts';
import { withMigrationLock } from './migration-lock.ts';
import { type DatabaseDeadlines, poolOptions } from './pool-deadlines.ts';

/** MikroORM's table of applied migrations (its default name). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
const UNDEFINED_TABLE = '42P01';

/**
 * Applies the committed migrations not yet applied to the database at `url`, one instance at a time (see
 * `withMigrationLock`), and returns their names. One query on the migrations table says whether any is pending;
 * only then are MikroORM's migrator and the migrations themselves loaded (a few MB a process that starts on a
 * migrated database, every start but the first after an upgrade, need not keep).
 */
export async function migratePostgres(url: string, deadlines: DatabaseDeadlines): Promise<string[]> {
  if ((await pendingMigrations(url, deadlines)).length === 0) return [];
  return withMigrationLock(url, deadlines, () => applyMigrations(url, deadlines));
}

/** The committed migrations the database has not applied, in order: all of them when it has no migrations table. */
export async function pendingMigrations(url: string, deadlines: DatabaseDeadlines): Promise<string[]> {
  const client = new pg.Client({
    connectionString: url,
    ...poolOptions(deadlines, { statements: 'bounded' }),
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE}`);
    const applied = new Set(rows.map((row) => row.name));
    return MIGRATION_NAMES.filter((name) => !applied.has(name));
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return [...MIGRATION_NAMES];
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * MikroORM's migrator, on one connection without statement deadlines (a migration may rightly run for minutes):
 * every committed migration not yet applied, all in one transaction. It needs no entity metadata.
 */
async function applyMigrations(url: string, deadlines: DatabaseDeadlines): Promise<string[]> {
  const [{ MikroORM }, { Migrator }, { migrations }] = await Promise.all([
    import('@mikro-orm/postgresql'),
    import('@mikro-orm/migrations'),
    import('../../migrations/index.ts'),
  ]);
  const orm = await MikroORM.init({
    clientUrl: url,
    entities: [],
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
    pool: { max: 1 },
    driverOptions: poolOptions(deadlines, { statements: 'unbounded' }),
    allowGlobalContext: false,
    debug: false,
  });
  try {
    return (await orm.migrator.up()).map((migration) => migration.name);
  } finally {
    await orm.close();
  }
}
