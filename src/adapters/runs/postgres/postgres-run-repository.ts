import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  ClaimCriteria,
  ClaimedRuns,
  RunFilter,
  RunRepository,
} from '../../../application/runs/ports/run-repository.ts';
import type { Run, RunSummary } from '../../../domain/runs/run.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { storeStatusEvents } from './postgres-run-event-repository.ts';
import { type RunRow, runsQuery, selectRunSummaries, selectRuns, toRun } from './run-query.ts';
import { concurrencyGroup, RUN_INSERT_CASTS, RUN_INSERT_COLUMNS, runInsertValues } from './run-rows.ts';
import { storeRunChanges } from './store-run-changes.ts';

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

  async findWorkspaceId(id: string): Promise<string | undefined> {
    const [row] = await this.#db.query<{ workspace_id: string }>(
      'select workspace_id from runs where id = $1',
      [id],
    );
    return row?.workspace_id;
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

  claimOldest(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<ClaimedRuns> {
    const params = new SqlParameters();
    const workspaceId = params.add(criteria.workspaceId);
    const now = params.add(criteria.now);
    // runs_claim_idx (migration 0006): only admitted runs whose not_before has passed are in the range read.
    let where = `r.workspace_id = ${workspaceId} and r.status = 'queued' and r.admitted and r.not_before <= ${now}`;
    if (criteria.missionIds !== undefined)
      where += ` and r.mission_id = any(${params.add(criteria.missionIds)}::uuid[])`;
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
    return this.#db.transaction(async () => {
      const rows = await this.#db.query<RunRow & { leases_expired: boolean }>(sql, params.values);
      const runs = await this.#change(rows.filter((row) => row.id !== null).map(toRun), claim);
      return { runs, leasesExpired: rows[0]?.leases_expired === true };
    });
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

  /** In one transaction (joining the caller's): lock the selected runs and `#change` them. */
  #changeLocked(
    where: string,
    params: readonly unknown[],
    tail: string,
    change: (run: Run) => void,
  ): Promise<Run[]> {
    return this.#db.transaction(async () =>
      this.#change(await selectRuns(this.#db, where, params, tail), change),
    );
  }

  /**
   * Applies `change` to runs this transaction has locked and stores them all in one statement; then offers
   * the slots they gave back to their groups' waiting runs, group by group in one order (two sweeps never
   * wait for each other's group locks in a cycle).
   */
  async #change(runs: Run[], change: (run: Run) => void): Promise<Run[]> {
    const freed = new Map<string, Run>();
    for (const run of runs) {
      const held = run.admitted;
      change(run);
      if (held && !run.admitted && run.concurrencyKey !== null) freed.set(concurrencyGroup(run), run);
    }
    await storeRunChanges(this.#db, runs);
    for (const name of [...freed.keys()].sort()) await this.#admitWaiting(freed.get(name) as Run);
    return runs;
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
      await storeRunChanges(this.#db, [next]);
      taken++;
    }
  }
}
