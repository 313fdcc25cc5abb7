import type { Run } from '../../../domain/runs/run.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { admitNewRuns } from './admit-runs.ts';
import { storeStatusEvents } from './append-run-events.ts';
import { RUN_INSERT_CASTS, RUN_INSERT_COLUMNS, runInsertValues } from './run-rows.ts';

/**
 * Admits `run` to its concurrency group and stores it with its status events, in one transaction (joining the
 * caller's). False when it is a schedule's fire already stored (one run per schedule and fire time).
 */
export function addRun(db: PostgresDatabase, run: Run): Promise<boolean> {
  return db.transaction(async () => {
    await admitNewRuns(db, [run]);
    const params = new SqlParameters();
    const inserted = await db.query(
      `insert into runs (${RUN_INSERT_COLUMNS}) values ${valuesList([runInsertValues(run)], RUN_INSERT_CASTS, params)}
         on conflict (schedule_id, fire_time) where schedule_id is not null do nothing
         returning id`,
      params.values,
    );
    if (inserted.length === 0) return false;
    await storeStatusEvents(db, run);
    return true;
  });
}
