import type { ClaimCriteria, ClaimedRuns } from '../../../application/runs/ports/run-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { changeRuns } from './change-runs.ts';
import { type RunRow, runsQuery, toRun } from './run-query.ts';

/** Locks the workspace's oldest claimable runs and lets `claim` move them; says whether any lease has expired. */
export function claimOldestRuns(
  db: PostgresDatabase,
  criteria: ClaimCriteria,
  claim: (run: Run) => void,
): Promise<ClaimedRuns> {
  const params = new SqlParameters();
  const workspaceId = params.add(criteria.workspaceId);
  const now = params.add(criteria.now);
  // runs_claim_idx (migration 0006): only admitted runs whose not_before has passed are in the range read.
  // A blueprint run is the server's (the engine's queue), never a worker's.
  let where = `r.workspace_id = ${workspaceId} and r.status = 'queued' and r.admitted and r.not_before <= ${now}
    and r.blueprint_id is null and r.agent_id is null`;
  if (criteria.missionIds !== undefined)
    where += ` and r.mission_id = any(${params.add(criteria.missionIds)}::uuid[])`;
  if (criteria.taskTypes !== undefined)
    where += ` and r.task_type = any(${params.add(criteria.taskTypes)}::text[])`;
  // SKIP LOCKED: concurrent claims each lock different queued runs instead of waiting for the same ones.
  const tail = `order by r.not_before, r.id limit ${params.add(criteria.limit)} for update of r skip locked`;
  // The expired-lease check rides on the same statement (an index probe of runs_workspace_lease_idx), so a
  // claim pays for a lease sweep only when there is something to take back. One row even when nothing is
  // claimable: the lateral join then yields nulls.
  const sql = `select x.leases_expired, c.*
      from (select exists(select 1 from runs e where e.workspace_id = ${workspaceId} and e.status = 'running'
                            and e.lease_expires_at <= ${now}) as leases_expired) x
      left join lateral (${runsQuery(where, tail)}) c on true
      order by c.not_before, c.id`;
  return db.transaction(async () => {
    const rows = await db.query<RunRow & { leases_expired: boolean }>(sql, params.values);
    const runs = await changeRuns(db, rows.filter((row) => row.id !== null).map(toRun), claim);
    return { runs, leasesExpired: rows[0]?.leases_expired === true };
  });
}
