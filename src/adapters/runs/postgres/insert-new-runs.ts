import { Run } from '../../../domain/runs/run.ts';
import { type RunStatusChange, statusEvent } from '../../../domain/runs/run-event.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { admitNewRuns } from './admit-runs.ts';
import { eventColumnArrays } from './run-event-columns.ts';
import { RUN_INSERT_CASTS, RUN_INSERT_COLUMNS, runInsertValues } from './run-rows.ts';

/** A new run and the status changes it recorded (taken from it once, when it was handed over). */
export interface NewRun {
  readonly run: Run;
  readonly statusChanges: readonly RunStatusChange[];
}

type Queryable = Pick<PostgresDatabase, 'query'>;

/**
 * A batch of new runs (the intake's), admitted to their concurrency groups first, then inserted with their
 * status events in two statements, in the surrounding transaction. Admission works on copies: the entries stay
 * as handed over for a retry.
 */
export async function insertNewRuns(db: Queryable, entries: readonly NewRun[]): Promise<void> {
  const runs = entries.map((entry) => new Run(entry.run));
  await admitNewRuns(db, runs);
  // Each run's event counter is written with it, to match the status events inserted next.
  const rows = runs.map((run, index) => [...runInsertValues(run), entries[index]?.statusChanges.length ?? 0]);
  const params = new SqlParameters();
  await db.query(
    `insert into runs (${RUN_INSERT_COLUMNS}, events_seq)
     values ${valuesList(rows, [...RUN_INSERT_CASTS, ''], params)}`,
    params.values,
  );
  await insertStatusEvents(db, entries);
}

/**
 * Each new run's status events, numbered from 1. Not announced (`pg_notify`): nobody can follow a run before the
 * commit that creates it, which also makes these events visible; and each notification costs every committing
 * transaction a turn on PostgreSQL's one notification queue.
 */
async function insertStatusEvents(db: Queryable, entries: readonly NewRun[]): Promise<void> {
  const events = entries.flatMap((entry) =>
    entry.statusChanges.map((change, index) => ({
      runId: entry.run.id,
      seq: index + 1,
      ...statusEvent(change),
    })),
  );
  if (events.length === 0) return;
  await db.query(
    `insert into run_events (run_id, seq, type, level, message, data, at, bytes)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[],
                          $8::int[])`,
    [events.map((event) => event.runId), events.map((event) => event.seq), ...eventColumnArrays(events)],
  );
}
