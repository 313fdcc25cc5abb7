import { ConfigError } from '../../../config/settings.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/**
 * `VECTOR_INDEX=pgvector` at boot: the server refuses to start unless the database has the `vector` extension.
 * This build keeps embeddings only as `real[]` (`exact`): with the extension present it refuses too, saying so.
 */
export async function requirePgvector(db: PostgresDatabase): Promise<never> {
  const [installed] = await db.query<{ version: string }>(
    "select extversion as version from pg_extension where extname = 'vector'",
  );
  if (!installed) {
    const [available] = await db.query("select 1 from pg_available_extensions where name = 'vector'");
    throw new ConfigError(
      available
        ? 'invalid configuration: VECTOR_INDEX=pgvector needs the PostgreSQL extension "vector" in this database: run `create extension vector` as a superuser, or use VECTOR_INDEX=exact'
        : 'invalid configuration: VECTOR_INDEX=pgvector needs the PostgreSQL extension "vector" (pgvector), which this PostgreSQL server does not have: install pgvector on the server, or use VECTOR_INDEX=exact',
    );
  }
  throw new ConfigError(
    `invalid configuration: VECTOR_INDEX=pgvector: the database has pgvector ${installed.version}, but this server keeps embeddings with VECTOR_INDEX=exact only`,
  );
}
