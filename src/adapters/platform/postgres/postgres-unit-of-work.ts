import type { UnitOfWork } from '../../../application/kernel/ports/unit-of-work.ts';
import { PostgresRepository } from './postgres-repository.ts';

/** One PostgreSQL transaction around `work`: every repository call inside it joins it (see `PostgresDatabase`). */
export class PostgresUnitOfWork extends PostgresRepository implements UnitOfWork {
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
