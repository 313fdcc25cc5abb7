import { type EntityManager, TransactionPropagation } from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { ClaimCriteria, RunFilter, RunRepository } from '../../../application/ports/run-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import { boundQuery } from './bound-query.ts';
import { afterPosition, toPage } from './keyset.ts';
import { currentEm, type Orm } from './orm.ts';
import { selectRuns } from './run-query.ts';

/**
 * Runs in PostgreSQL. Reads go through `selectRuns` (run-query.ts); changes lock the row (`for update of r`),
 * let the domain move the run, and write back only the state columns (never `input`).
 */
export class MikroOrmRunRepository implements RunRepository {
  readonly #orm: Orm;

  constructor({ orm }: { orm: Orm }) {
    this.#orm = orm;
  }

  async add(run: Run): Promise<void> {
    await currentEm(this.#orm).execute(
      `insert into runs (id, mission_id, workspace_id, status, trigger_type, trigger_id, delivery_id, input, output,
         error, attempt, lease_owner, lease_expires_at, created_at, started_at, finished_at)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, ?)`,
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
      'run',
    );
  }

  async findById(id: string): Promise<Run | undefined> {
    const [run] = await selectRuns(currentEm(this.#orm), 'r.id = ?', [id]);
    return run;
  }

  async list(filter: RunFilter, page: PageRequest): Promise<Page<Run>> {
    const conditions = ['r.workspace_id = ?'];
    const params: unknown[] = [filter.workspaceId];
    if (filter.missionId !== undefined) {
      conditions.push('r.mission_id = ?');
      params.push(filter.missionId);
    }
    if (filter.status !== undefined) {
      conditions.push('r.status = ?');
      params.push(filter.status);
    }
    const after = afterPosition('r.created_at, r.id', page, 'desc');
    const runs = await selectRuns(
      currentEm(this.#orm),
      conditions.join(' and ') + after.sql,
      [...params, ...after.params, page.limit + 1],
      'order by r.created_at desc, r.id desc limit ?',
    );
    return toPage(runs, page.limit, (run) => run);
  }

  update(id: string, change: (run: Run) => void): Promise<Run | undefined> {
    return this.#changeLocked('r.id = ?', [id], 'for update of r', (run) => change(run)).then(([run]) => run);
  }

  async claimNext(criteria: ClaimCriteria, claim: (run: Run) => void): Promise<Run | undefined> {
    const params: unknown[] = [criteria.workspaceId];
    let where = "r.workspace_id = ? and r.status = 'queued'";
    if (criteria.missionIds !== undefined) {
      if (criteria.missionIds.length === 0) return undefined;
      where += ` and r.mission_id in (${criteria.missionIds.map(() => '?').join(', ')})`;
      params.push(...criteria.missionIds);
    }
    // SKIP LOCKED: concurrent claims each lock a different queued run instead of waiting for the same one.
    const tail = 'order by r.created_at, r.id limit 1 for update of r skip locked';
    const [run] = await this.#changeLocked(where, params, tail, claim);
    return run;
  }

  expireLeases(
    now: Date,
    { limit, workspaceId }: { limit: number; workspaceId?: string },
    expire: (run: Run) => void,
  ): Promise<Run[]> {
    const where = `r.status = 'running' and r.lease_expires_at <= ?${workspaceId ? ' and r.workspace_id = ?' : ''}`;
    const params: unknown[] = workspaceId ? [now, workspaceId, limit] : [now, limit];
    return this.#changeLocked(
      where,
      params,
      'order by r.lease_expires_at limit ? for update of r skip locked',
      expire,
    );
  }

  async hasActiveRuns(missionId: string): Promise<boolean> {
    const rows = await boundQuery<unknown>(
      this.#orm,
      "select 1 from runs where mission_id = $1 and status in ('queued', 'running') limit 1",
      [missionId],
    );
    return rows.length > 0;
  }

  /** In one transaction (joining the caller's): lock the selected runs, apply `change`, store each. */
  #changeLocked(where: string, params: unknown[], tail: string, change: (run: Run) => void): Promise<Run[]> {
    // REQUIRED: inside a unit of work this joins its transaction (no savepoint round trips).
    return currentEm(this.#orm).transactional(
      async (em) => {
        const runs = await selectRuns(em, where, params, tail);
        for (const run of runs) {
          change(run);
          await storeState(em, run);
        }
        return runs;
      },
      { propagation: TransactionPropagation.REQUIRED },
    );
  }
}

async function storeState(em: EntityManager, run: Run): Promise<void> {
  await em.execute(
    `update runs set status = ?, attempt = ?, lease_owner = ?, lease_expires_at = ?, output = ?::jsonb,
       error = ?::jsonb, started_at = ?, finished_at = ?
     where id = ?`,
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
    'run',
  );
}

function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
