import type { Run } from '../../../domain/runs/run.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { admitWaitingRuns, concurrencyGroup } from './admit-runs.ts';
import { selectRuns } from './run-query.ts';
import { storeRunChanges } from './store-run-changes.ts';

/** In one transaction (joining the caller's): lock the selected runs and `changeRuns` them. */
export function changeLockedRuns(
  db: PostgresDatabase,
  where: string,
  params: readonly unknown[],
  tail: string,
  change: (run: Run) => void,
): Promise<Run[]> {
  return db.transaction(async () => changeRuns(db, await selectRuns(db, where, params, tail), change));
}

/**
 * Applies `change` to runs this transaction has locked and stores them all in one statement (but those it
 * answers `false` for); then offers
 * the slots they gave back to their groups' waiting runs, group by group in one order (two sweeps never
 * wait for each other's group locks in a cycle).
 */
export async function changeRuns(
  db: PostgresDatabase,
  runs: Run[],
  change: (run: Run) => unknown,
): Promise<Run[]> {
  const freed = new Map<string, Run>();
  const moved: Run[] = [];
  for (const run of runs) {
    const held = run.admitted;
    const queued = run.status === 'queued';
    // `false`: the change left this run as it was (nothing to store).
    if (change(run) === false) continue;
    moved.push(run);
    // A slot given back, or a run queued again without one (a resumed capped run): the group admits its oldest.
    if ((held && !run.admitted && run.concurrencyKey !== null) || (!queued && run.awaitsSlot))
      freed.set(concurrencyGroup(run), run);
  }
  await storeRunChanges(db, moved);
  for (const name of [...freed.keys()].sort()) await admitWaitingRuns(db, freed.get(name) as Run);
  return runs;
}
