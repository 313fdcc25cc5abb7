import type { PageRequest } from '../../../application/kernel/ports/page.ts';
import type { RunFilter } from '../../../application/runs/ports/run-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { selectRunSummaries, selectRuns } from './run-query.ts';

// The reads of runs that lock nothing.

export async function findRun(db: PostgresDatabase, id: string): Promise<Run | undefined> {
  const [run] = await selectRuns(db, 'r.id = $1', [id]);
  return run;
}

export async function findRunWorkspaceId(db: PostgresDatabase, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ workspace_id: string }>('select workspace_id from runs where id = $1', [id]);
  return row?.workspace_id;
}

/** A workspace's runs, newest first (keyset on `created_at, id`). */
export async function listRuns(db: PostgresDatabase, filter: RunFilter, page: PageRequest) {
  const params = new SqlParameters();
  const where = matching(filter, params) + afterPosition('r.created_at, r.id', page, 'desc', params);
  const tail = `order by r.created_at desc, r.id desc limit ${params.add(page.limit + 1)}`;
  const runs = await selectRunSummaries(db, where, params.values, tail);
  return toPage(runs, page.limit, (run) => run);
}

/** A workspace's runs in full, oldest first (keyset on `created_at, id`). */
export async function listRunsInFull(db: PostgresDatabase, filter: RunFilter, page: PageRequest) {
  const params = new SqlParameters();
  const where = matching(filter, params) + afterPosition('r.created_at, r.id', page, 'asc', params);
  const tail = `order by r.created_at, r.id limit ${params.add(page.limit + 1)}`;
  const runs = await selectRuns(db, where, params.values, tail);
  return toPage(runs, page.limit, (run) => run);
}

function matching(filter: RunFilter, params: SqlParameters): string {
  let where = `r.workspace_id = ${params.add(filter.workspaceId)}`;
  if (filter.missionId !== undefined) where += ` and r.mission_id = ${params.add(filter.missionId)}`;
  if (filter.status !== undefined) where += ` and r.status = ${params.add(filter.status)}`;
  where +=
    filter.parentRunId === undefined
      ? ' and r.parent_run_id is null'
      : ` and r.parent_run_id = ${params.add(filter.parentRunId)}`;
  if (filter.createdAfter !== undefined) where += ` and r.created_at >= ${params.add(filter.createdAfter)}`;
  if (filter.createdBefore !== undefined) where += ` and r.created_at < ${params.add(filter.createdBefore)}`;
  return where;
}

export async function hasActiveRuns(db: PostgresDatabase, missionId: string): Promise<boolean> {
  const rows = await db.query(
    "select 1 from runs where mission_id = $1 and status in ('queued', 'running') limit 1",
    [missionId],
  );
  return rows.length > 0;
}
