import type { Run } from '../../../domain/runs/run.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { changeLockedRuns } from './change-runs.ts';

/** Locks up to `limit` running runs whose lease has expired (oldest expiry first) and lets `expire` move them. */
export function expireLeases(
  db: PostgresDatabase,
  now: Date,
  { limit, workspaceId }: { limit: number; workspaceId?: string },
  expire: (run: Run) => void,
): Promise<Run[]> {
  const params = new SqlParameters();
  let where = `r.status = 'running' and r.lease_expires_at <= ${params.add(now)}`;
  if (workspaceId) where += ` and r.workspace_id = ${params.add(workspaceId)}`;
  const tail = `order by r.lease_expires_at limit ${params.add(limit)} for update of r skip locked`;
  return changeLockedRuns(db, where, params.values, tail, expire);
}
