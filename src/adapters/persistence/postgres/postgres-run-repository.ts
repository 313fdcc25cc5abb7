import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { ClaimCriteria, RunFilter, RunRepository } from '../../../application/ports/run-repository.ts';
import type { Run, RunSummary } from '../../../domain/runs/run.ts';
import { afterPosition, toPage } from './keyset.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { selectRunSummaries, selectRuns } from './run-query.ts';
import { SqlParameters } from './sql-parameters.ts';

/**
 * Runs in PostgreSQL. Reads go through `selectRuns` (run-query.ts); changes lock the row (`for update of r`),
 * let the domain move the run, and write back only the state columns (never `input`).
 */
export class PostgresRunRepository implements RunRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async add(run: Run): Promise<void> {
    await this.#db.query(
      `insert into runs (id, mission_id, workspace_id, status, trigger_type, trigger_id, delivery_id, input, output,
         error, attempt, lease_owner, lease_expires_at, created_at, started_at, finished_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15, $16)`,
      [
        run.id,
        run.missionId,
        run.workspaceId,
        run.status,
        run.triggerType,
        run.triggerId,
        run.deliveryId,
        json(run.input),
        json(run.output),
        json(run.error),
        run.attempt,
        run.leaseOwner,
        run.leaseExpiresAt,
        run.createdAt,
        run.startedAt,
        run.finishedAt,
      ],
    );
  }

  async findById(id: string): Promise<Run | undefined> {
    const [run] = await selectRuns(this.#db, 'r.id = $1', [id]);
    return run;
  }

  async list(filter: RunFilter, page: PageRequest): Promise<Page<RunSummary>> {
    const params = new SqlParameters();
    let where = `r.workspace_id = ${params.add(filter.workspaceId)}`;
    if (filter.missionId !== undefined) where += ` and r.mission_id = ${params.add(filter.missionId)}`;
    if (filter.status !== undefined) where += ` and r.status = ${params.add(filter.status)}`;
    where += afterPosition('r.created_at, r.id', page, 'desc', params);
    const tail = `order by r.created_at desc, r.id desc limit ${params.add(page.limit + 1)}`;
    const runs = await selectRunSummaries(this.#db, where, params.values, tail);
    return toPage(runs, page.limit, (run) => run);
  }

  async update(id: string, change: (run: Run) => void): Promise<Run | undefined> {
    const [run] = await this.#changeLocked('r.id = $1', [id], 'for update of r', change);
    return run;
  }

  async claimNext(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<Run | undefined> {
    if (criteria.missionIds?.length === 0) return undefined;
    const params = new SqlParameters();
    let where = `r.workspace_id = ${params.add(criteria.workspaceId)} and r.status = 'queued'`;
    if (criteria.missionIds !== undefined)
      where += ` and r.mission_id = any(${params.add(criteria.missionIds)}::uuid[])`;
    // SKIP LOCKED: concurrent claims each lock a different queued run instead of waiting for the same one.
    const tail = 'order by r.created_at, r.id limit 1 for update of r skip locked';
    const [run] = await this.#changeLocked(where, params.values, tail, claim);
    return run;
  }

  expireLeases(
    now: Date,
    { limit, workspaceId }: { limit: number; workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]> {
    const params = new SqlParameters();
    let where = `r.status = 'running' and r.lease_expires_at <= ${params.add(now)}`;
    if (workspaceId) where += ` and r.workspace_id = ${params.add(workspaceId)}`;
    const tail = `order by r.lease_expires_at limit ${params.add(limit)} for update of r skip locked`;
    return this.#changeLocked(where, params.values, tail, expire);
  }

  async hasActiveRuns(missionId: string): Promise<boolean> {
    const rows = await this.#db.query(
      "select 1 from runs where mission_id = $1 and status in ('queued', 'running') limit 1",
      [missionId],
    );
    return rows.length > 0;
  }

  /** In one transaction (joining the caller's): lock the selected runs, apply `change`, store each. */
  #changeLocked(
    where: string,
    params: readonly unknown[],
    tail: string,
    change: (run: Run) => void,
  ): Promise<Run[]> {
    return this.#db.transaction(async () => {
      const runs = await selectRuns(this.#db, where, params, tail);
      for (const run of runs) {
        change(run);
        await this.#storeState(run);
      }
      return runs;
    });
  }

  async #storeState(run: Run): Promise<void> {
    await this.#db.query(
      `update runs set status = $1, attempt = $2, lease_owner = $3, lease_expires_at = $4, output = $5::jsonb,
         error = $6::jsonb, started_at = $7, finished_at = $8
       where id = $9`,
      [
        run.status,
        run.attempt,
        run.leaseOwner,
        run.leaseExpiresAt,
        json(run.output),
        json(run.error),
        run.startedAt,
        run.finishedAt,
        run.id,
      ],
    );
  }
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
