import type { UnitOfWork } from '../../../application/kernel/ports/unit-of-work.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** One PostgreSQL transaction around `work`: every repository call inside it joins it (see `PostgresDatabase`). */
export class PostgresUnitOfWork implements UnitOfWork {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.#db.transaction(work);
  }
}
