import type { DeliveryIntake } from '../../../application/triggers/ports/delivery-intake.ts';
import type { AcceptOutcome } from '../../../application/triggers/ports/delivery-repository.ts';
import type { Run } from '../../../domain/runs/index.ts';
import type { Delivery } from '../../../domain/triggers/delivery.ts';
import { isDatabaseUnavailable } from '../../platform/postgres/database-unavailable.ts';
import { GroupCommit } from '../../platform/postgres/group-commit.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { type IntakeEntry, storeIntakeBatch } from './intake-batch.ts';

/**
 * Batches committing at once per instance: while one waits for its commit's WAL flush, the next is already
 * inserting, and PostgreSQL flushes the commit records of all that reached it in one `fdatasync`. Each holds
 * a pool connection (10 by default) while in flight, so the request path keeps most of the pool.
 */
const INTAKE_BATCHES_IN_FLIGHT = 4;

/**
 * Ingest on PostgreSQL with group commit: the deliveries that arrive while every batch slot has a transaction
 * in flight are stored together in the next one (multi-row inserts, one commit and so one WAL flush for all), each
 * answered once that commit is done. A database that cannot be reached fails the whole batch (503 for each,
 * nothing acknowledged); any other failure is retried delivery by delivery, so it fails only its own.
 */
export class PostgresDeliveryIntake implements DeliveryIntake {
  readonly #batches: GroupCommit<IntakeEntry, AcceptOutcome>;

  constructor({
    db,
    maxBatch,
    maxInFlight = INTAKE_BATCHES_IN_FLIGHT,
    budgetMs,
  }: {
    db: Pick<PostgresDatabase, 'query' | 'transaction'>;
    maxBatch: number;
    /** Batches committing at once (see `GroupCommit`); each holds a pool connection while in flight. */
    maxInFlight?: number;
    /** A batch's database wait budget (DATABASE_REQUEST_BUDGET_MS): its deliveries' requests wait on it. */
    budgetMs?: number;
  }) {
    this.#batches = new GroupCommit({
      maxBatch,
      maxInFlight,
      budgetMs,
      failsAll: isDatabaseUnavailable,
      commit: (entries) => db.transaction(() => storeIntakeBatch(db, entries)),
    });
  }

  accept(delivery: Delivery, run: Run, windowSeconds: number): Promise<AcceptOutcome> {
    return this.#batches.submit({ delivery, run, statusChanges: run.takeStatusChanges(), windowSeconds });
  }
}
