import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  ClaimCriteria,
  ClaimedRuns,
  RunChange,
  RunFilter,
  RunRepository,
} from '../../../application/runs/ports/run-repository.ts';
import type { Run, RunSummary } from '../../../domain/runs/run.ts';
import { BoundedLru } from '../../platform/caching/bounded-lru.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { addRun } from './add-run.ts';
import { changeLockedRuns, changeRuns } from './change-runs.ts';
import { claimOldestRuns } from './claim-runs.ts';
import { expireLeases } from './expire-leases.ts';
import { findRun, findRunWorkspaceId, hasActiveRuns, listRuns, listRunsInFull } from './find-runs.ts';
import { selectRuns } from './run-query.ts';

/** Runs whose workspace is remembered: a claimed run's heartbeats and completion need no read to check access. */
const WORKSPACE_IDS_KEPT = 10_000;

/**
 * Runs in PostgreSQL, one module per statement family. Reads go through `selectRuns` (run-query.ts); changes
 * lock the row (`for update of r`), let the domain move the run, and write back only the state columns (never
 * `input`, see store-run-changes.ts); every admission to a concurrency group counts its slots in admit-runs.ts.
 */
export class PostgresRunRepository extends PostgresRepository implements RunRepository {
  /**
   * A run's workspace never changes, so this needs no invalidation on any instance: a remembered run that was
   * purged since is still not found by the change that follows the access check.
   */
  readonly #workspaceIds = new BoundedLru<string, string>(WORKSPACE_IDS_KEPT);

  add(run: Run): Promise<boolean> {
    return addRun(this.db, run);
  }

  findById(id: string): Promise<Run | undefined> {
    return findRun(this.db, id);
  }

  async findWorkspaceId(id: string): Promise<string | undefined> {
    const known = this.#workspaceIds.get(id);
    if (known !== undefined) return known;
    const workspaceId = await findRunWorkspaceId(this.db, id);
    if (workspaceId !== undefined) this.#workspaceIds.set(id, workspaceId);
    return workspaceId;
  }

  list(filter: RunFilter, page: PageRequest): Promise<Page<RunSummary>> {
    return listRuns(this.db, filter, page);
  }

  async findLocked(id: string): Promise<Run | undefined> {
    const [run] = await selectRuns(this.db, 'r.id = $1', [id], 'for update of r');
    return run;
  }

  listInFull(filter: RunFilter, page: PageRequest): Promise<Page<Run>> {
    return listRunsInFull(this.db, filter, page);
  }

  async update(id: string, change: (run: Run) => void): Promise<Run | undefined> {
    const [run] = await changeLockedRuns(this.db, 'r.id = $1', [id], 'for update of r', change);
    return run;
  }

  updateEach(changes: readonly RunChange[]): Promise<Array<Run | Error | undefined>> {
    return this.db.transaction(async () => {
      const ids = [...new Set(changes.map((item) => item.id))];
      // In id order: two transactions locking some of the same runs wait for each other in one order.
      const runs = await selectRuns(
        this.db,
        'r.id = any($1::uuid[])',
        [ids],
        'order by r.id for update of r',
      );
      const outcomes: Array<Run | Error | undefined> = changes.map(() => undefined);
      const byRun = Map.groupBy(
        changes.map((item, index) => ({ ...item, index })),
        (item) => item.id,
      );
      await changeRuns(this.db, runs, (run) => {
        let moved = false;
        for (const { change, index } of byRun.get(run.id) ?? []) {
          try {
            change(run);
            outcomes[index] = run;
            moved = true;
          } catch (error) {
            outcomes[index] = error instanceof Error ? error : new Error(String(error));
          }
        }
        return moved;
      });
      return outcomes;
    });
  }

  async claimOldest(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<ClaimedRuns> {
    const claimed = await claimOldestRuns(this.db, criteria, claim);
    // Their worker's heartbeats and completion come next.
    for (const run of claimed.runs) this.#workspaceIds.set(run.id, run.workspaceId);
    return claimed;
  }

  expireLeases(
    now: Date,
    options: { limit: number; workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]> {
    return expireLeases(this.db, now, options, expire);
  }

  async startServerRuns(now: Date, limit: number, begin: (run: Run) => void): Promise<Run[]> {
    // runs_engine_queue_idx (migration 0017); SKIP LOCKED: engines of several instances take different runs.
    return changeLockedRuns(
      this.db,
      "r.status = 'queued' and r.admitted and r.blueprint_id is not null and r.not_before <= $1",
      [now, limit],
      'order by r.not_before, r.id limit $2 for update of r skip locked',
      begin,
    );
  }

  async serverRunsPastTimeout(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `select id from runs where status = 'running' and blueprint_id is not null and timeout_at <= $1
        order by timeout_at limit $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  hasActiveRuns(missionId: string): Promise<boolean> {
    return hasActiveRuns(this.db, missionId);
  }
}
