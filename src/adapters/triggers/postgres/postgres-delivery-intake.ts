import type { DeliveryIntake } from '../../../application/triggers/ports/delivery-intake.ts';
import type { AcceptOutcome } from '../../../application/triggers/ports/delivery-repository.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { Delivery } from '../../../domain/triggers/delivery.ts';
import { isDatabaseUnavailable } from '../../platform/postgres/database-unavailable.ts';
import { GroupCommit } from '../../platform/postgres/group-commit.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { type IntakeEntry, storeIntakeBatch } from './intake-batch.ts';

/**
 * Ingest on PostgreSQL with group commit: the deliveries that arrive while a transaction is in flight are
 * stored together in the next one (multi-row inserts, one commit and so one WAL flush for all), each
 * answered once that commit is done. A database that cannot be reached fails the whole batch (503 for each,
 * nothing acknowledged); any other failure is retried delivery by delivery, so it fails only its own.
 */
export class PostgresDeliveryIntake implements DeliveryIntake {
  readonly #batches: GroupCommit<IntakeEntry, AcceptOutcome>;

  constructor({
    db,
    maxBatch,
    budgetMs,
  }: {
    db: Pick<PostgresDatabase, 'query' | 'transaction'>;
    maxBatch: number;
    /** A batch's database wait budget (DATABASE_REQUEST_BUDGET_MS): its deliveries' requests wait on it. */
    budgetMs?: number;
  }) {
    this.#batches = new GroupCommit({
      maxBatch,
      budgetMs,
      failsAll: isDatabaseUnavailable,
      commit: (entries) => db.transaction(() => storeIntakeBatch(db, entries)),
    });
  }

  accept(delivery: Delivery, run: Run, windowSeconds: number): Promise<AcceptOutcome> {
    return this.#batches.submit({ delivery, run, statusChanges: run.takeStatusChanges(), windowSeconds });
  }
}
