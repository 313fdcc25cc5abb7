import { Migrator } from '@mikro-orm/migrations';
import { type EntityManager, MikroORM, TransactionContext } from '@mikro-orm/postgresql';
import { entities } from './entities.ts';
import { migrations } from './migrations/index.ts';

export type Orm = MikroORM;

export interface OrmOptions {
  readonly url: string;
  readonly poolMax?: number;
}

/** Connects MikroORM to PostgreSQL with the adapters' entity schemas and the committed migrations. */
export async function createOrm({ url, poolMax = 10 }: OrmOptions): Promise<Orm> {
  return MikroORM.init({
    clientUrl: url,
    entities,
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    discovery: { warnWhenNoEntities: false },
    pool: { max: poolMax },
    // pg-pool options: a request waits at most 5 s for a connection (then fails, answered 503), instead of
    // hanging forever when the database is gone or every connection is stuck.
    driverOptions: { connectionTimeoutMillis: 5000 },
    allowGlobalContext: false,
    debug: false,
  });
}

/** Applies every committed migration not yet applied; returns their names. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}

/**
 * The EntityManager for the current operation: the surrounding transaction's when there is one (see
 * `MikroOrmUnitOfWork`), otherwise a fresh fork, so no identity map is ever shared between requests.
 */
export function currentEm(orm: Orm): EntityManager {
  return (TransactionContext.getEntityManager(orm.em.name) as EntityManager | undefined) ?? orm.em.fork();
}

/** An open, migrated PostgreSQL database: the ORM and the URL it connected to. */
export interface PostgresConnection {
  readonly orm: Orm;
  readonly url: string;
}
