import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { ClaimCriteria, RunFilter, RunRepository } from '../../../application/ports/run-repository.ts';
import type { Run, RunSummary } from '../../../domain/runs/run.ts';
import { jsonParam as json, valuesList } from './insert-rows.ts';
import { afterPosition, toPage } from './keyset.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { storeStatusEvents } from './postgres-run-event-repository.ts';
import { selectRunSummaries, selectRuns } from './run-query.ts';
import { concurrencyGroup, RUN_INSERT_CASTS, RUN_INSERT_COLUMNS, runInsertValues } from './run-rows.ts';
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

  add(run: Run): Promise<boolean> {
    return this.#db.transaction(async () => {
      if (run.concurrencyKey !== null) run.admit(await this.#slotsTaken(run));
      const params = new SqlParameters();
      const inserted = await this.#db.query(
        `insert into runs (${RUN_INSERT_COLUMNS}) values ${valuesList([runInsertValues(run)], RUN_INSERT_CASTS, params)}
         on conflict (schedule_id, fire_time) where schedule_id is not null do nothing
         returning id`,
        params.values,
      );
      if (inserted.length === 0) return false;
      await storeStatusEvents(this.#db, run);
      return true;
    });
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
    // runs_claim_idx (migration 0006): only admitted runs whose not_before has passed are in the range read.
    let where = `r.workspace_id = ${params.add(criteria.workspaceId)} and r.status = 'queued' and r.admitted
      and r.not_before <= ${params.add(criteria.now)}`;
    if (criteria.missionIds !== undefined)
      where += ` and r.mission_id = any(${params.add(criteria.missionIds)}::uuid[])`;
    // SKIP LOCKED: concurrent claims each lock a different queued run instead of waiting for the same one.
    const tail = 'order by r.not_before, r.id limit 1 for update of r skip locked';
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

  /**
   * In one transaction (joining the caller's): lock the selected runs, apply `change`, store each; then offer
   * the slots they gave back to their groups' waiting runs, group by group in one order (two sweeps never
   * wait for each other's group locks in a cycle).
   */
  #changeLocked(
    where: string,
    params: readonly unknown[],
    tail: string,
    change: (run: Run) => void,
  ): Promise<Run[]> {
    return this.#db.transaction(async () => {
      const runs = await selectRuns(this.#db, where, params, tail);
      const freed = new Map<string, Run>();
      for (const run of runs) {
        const held = run.admitted;
        change(run);
        await this.#storeState(run);
        await storeStatusEvents(this.#db, run);
        if (held && !run.admitted && run.concurrencyKey !== null) freed.set(concurrencyGroup(run), run);
      }
      for (const name of [...freed.keys()].sort()) await this.#admitWaiting(freed.get(name) as Run);
      return runs;
    });
  }

  async #storeState(run: Run): Promise<void> {
    await this.#db.query(
      `update runs set status = $1, attempt = $2, admitted = $3, not_before = $4, lease_owner = $5,
         lease_expires_at = $6, timeout_at = $7, output = $8::jsonb, error = $9::jsonb, started_at = $10,
         finished_at = $11
       where id = $12`,
      [
        run.status,
        run.attempt,
        run.admitted,
        run.notBefore,
        run.leaseOwner,
        run.leaseExpiresAt,
        run.timeoutAt,
        json(run.output),
        json(run.error),
        run.startedAt,
        run.finishedAt,
        run.id,
      ],
    );
  }

  /**
   * The number of slots `run`'s group holds, counted under a transaction-scoped lock on the group: every
   * admission of the group waits for it, so two transactions never both see the last free slot. Released at
   * commit. Counted in a statement after the lock is taken, so it sees every admission committed before.
   */
  async #slotsTaken(run: Run): Promise<number> {
    await this.#db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [concurrencyGroup(run)]);
    const [row] = await this.#db.query<{ taken: number }>(
      'select count(*)::int as taken from runs where mission_id = $1 and concurrency_key = $2 and admitted',
      [run.missionId, run.concurrencyKey],
    );
    return row?.taken ?? 0;
  }

  /** Admits the group's oldest waiting runs while it has free slots (normally the one just freed). */
  async #admitWaiting(freed: Run): Promise<void> {
    let taken = await this.#slotsTaken(freed);
    for (;;) {
      const [next] = await selectRuns(
        this.#db,
        "r.mission_id = $1 and r.concurrency_key = $2 and r.status = 'queued' and not r.admitted",
        [freed.missionId, freed.concurrencyKey],
        'order by r.created_at, r.id limit 1 for update of r skip locked',
      );
      if (!next?.admit(taken)) return;
      await this.#storeState(next);
      taken++;
    }
  }
}
