import type { Run } from '../../../domain/runs/run.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { selectRuns } from './run-query.ts';
import { storeRunChanges } from './store-run-changes.ts';

// Concurrency admission: a capped run takes a slot of its group (mission and concurrency key) only while the
// group holds fewer admitted runs than its cap (`Run.admit`). Every path that admits (a new run, a batch of
// new runs at intake, the waiting runs a finished one makes room for) counts the slots here, under the lock.

type Queryable = Pick<PostgresDatabase, 'query'>;

/** The group a capped run takes a slot of (and the name of the advisory lock its admissions serialise on). */
export const concurrencyGroup = (run: Run) => `${run.missionId}/${run.concurrencyKey}`;

/**
 * The number of slots `run`'s group holds, counted under a transaction-scoped lock on the group: every
 * admission of the group waits for it, so two transactions never both see the last free slot. Released at
 * commit. Counted in a statement after the lock is taken, so it sees every admission committed before.
 */
export async function slotsTaken(db: Queryable, run: Run): Promise<number> {
  await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [concurrencyGroup(run)]);
  const [row] = await db.query<{ taken: number }>(
    'select count(*)::int as taken from runs where mission_id = $1 and concurrency_key = $2 and admitted',
    [run.missionId, run.concurrencyKey],
  );
  return row?.taken ?? 0;
}

/**
 * Admits new runs (not yet stored) to their groups, oldest first within a group; the groups are locked in name
 * order, so two transactions admitting to the same groups never wait for each other in a cycle.
 */
export async function admitNewRuns(db: Queryable, runs: readonly Run[]): Promise<void> {
  const capped = Map.groupBy(
    runs.filter((run) => run.concurrencyKey !== null),
    concurrencyGroup,
  );
  for (const group of [...capped.keys()].sort()) {
    const members = capped.get(group) as Run[];
    let taken = await slotsTaken(db, members[0] as Run);
    for (const run of members) if (run.admit(taken)) taken++;
  }
}

/** Admits the group's oldest waiting runs while it has free slots (normally the one just freed). */
export async function admitWaitingRuns(db: PostgresDatabase, freed: Run): Promise<void> {
  let taken = await slotsTaken(db, freed);
  for (;;) {
    const [next] = await selectRuns(
      db,
      "r.mission_id = $1 and r.concurrency_key = $2 and r.status = 'queued' and not r.admitted",
      [freed.missionId, freed.concurrencyKey],
      'order by r.created_at, r.id limit 1 for update of r skip locked',
    );
    if (!next?.admit(taken)) return;
    await storeRunChanges(db, [next]);
    taken++;
  }
}
