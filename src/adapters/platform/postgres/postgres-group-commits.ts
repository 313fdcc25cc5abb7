import type { GroupCommits } from '../../../application/kernel/ports/group-commits.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { GroupCommit } from './group-commit.ts';
import type { PostgresDatabase } from './postgres-database.ts';

/** The most items one shared transaction takes. */
const MAX_BATCH = 64;
/** Shared transactions in flight at once per group: one stores its items while another waits for its flush. */
const IN_FLIGHT = 2;

/** GroupCommits on PostgreSQL: a GroupCommit per group, each batch under the request wait budget. */
export class PostgresGroupCommits implements GroupCommits {
  readonly #db: Pick<PostgresDatabase, 'inTransaction'>;
  readonly #budgetMs: number | undefined;

  constructor({ db, budgetMs }: { db: Pick<PostgresDatabase, 'inTransaction'>; budgetMs?: number }) {
    this.#db = db;
    this.#budgetMs = budgetMs;
  }

  group<I, O>(commit: (items: readonly I[]) => Promise<O[]>): (item: I) => Promise<O> {
    const batches = new GroupCommit<I, O>({
      commit,
      maxBatch: MAX_BATCH,
      maxInFlight: IN_FLIGHT,
      budgetMs: this.#budgetMs,
      failsAll: isDatabaseUnavailable,
    });
    // A caller inside a transaction has its item stored in it: a batch would commit apart from it.
    return async (item) =>
      this.#db.inTransaction() ? ((await commit([item]))[0] as O) : batches.submit(item);
  }
}
