import type { UnitOfWork } from '../../../application/ports/unit-of-work.ts';
import type { Orm } from './orm.ts';

/**
 * One PostgreSQL transaction around `work`. MikroORM keeps the transactional EntityManager in async-local
 * storage, so repositories that ask `currentEm(orm)` inside `work` join it.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.#orm.em.fork().transactional(() => work());
  }
}
