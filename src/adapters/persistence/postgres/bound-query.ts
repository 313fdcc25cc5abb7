import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import type { Orm } from './orm.ts';

/**
 * Runs `sql` (with `$1`, `$2`, ... placeholders) with bound parameters, in the surrounding transaction when
 * there is one. MikroORM's `execute()` inlines every value into the SQL text instead: fine for small values,
 * but a 64 KiB webhook body would travel as a 128 KiB escaped literal for PostgreSQL to parse back.
 */
export async function boundQuery<T>(orm: Orm, sql: string, params: readonly unknown[]): Promise<T[]> {
  const em = (TransactionContext.getEntityManager(orm.em.name) as EntityManager | undefined) ?? orm.em;
  const { rows } = await em.getKysely().executeQuery<T>(CompiledQuery.raw(sql, [...params]));
  return rows;
}
