import type { Usage, WorkspaceResource } from '../../../application/kernel/ports/usage.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

/** Each resource's live rows in a workspace (revoked keys and deleted triggers do not count). */
const COUNTS: Record<WorkspaceResource, string> = {
  missions: 'select count(*)::int as n from missions where workspace_id = $1',
  schedules: 'select count(*)::int as n from schedules where workspace_id = $1',
  triggers: 'select count(*)::int as n from triggers where workspace_id = $1 and deleted_at is null',
  webhook_endpoints: 'select count(*)::int as n from webhook_endpoints where workspace_id = $1',
  api_keys: 'select count(*)::int as n from api_keys where workspace_id = $1 and revoked_at is null',
};

/** How long a mission's queued-run count may answer `queuedRunsReach` while it is well below the limit. */
const QUEUED_COUNT_FRESH_MS = 1000;
/** Missions whose count is remembered at once (each a few numbers); beyond, the map starts again. */
const QUEUED_COUNTS_KEPT = 10_000;

interface QueuedCount {
  readonly count: number;
  readonly readAt: number;
  /** `false` answers given from this count since it was read: each may have queued a run. */
  passed: number;
}

/** Counts for the quotas, on the tables themselves. */
export class PostgresUsage implements Usage {
  readonly #db: PostgresDatabase;
  readonly #queuedCounts = new Map<string, QueuedCount>();
  readonly #queuedCountFreshMs: number;

  constructor({
    db,
    queuedCountFreshMs = QUEUED_COUNT_FRESH_MS,
  }: { db: PostgresDatabase; queuedCountFreshMs?: number }) {
    this.#db = db;
    this.#queuedCountFreshMs = queuedCountFreshMs;
  }

  async countInWorkspace(resource: WorkspaceResource, workspaceId: string): Promise<number> {
    // A transaction-scoped advisory lock per workspace and resource: concurrent creations of one kind in one
    // workspace are counted one after another, and nothing else waits (other kinds, the workspace's own row:
    // renaming or deleting it, the foreign-key checks of every other write).
    await this.#db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `quota:${resource}:${workspaceId}`,
    ]);
    return this.#count(COUNTS[resource], workspaceId);
  }

  countOwnedWorkspaces(userId: string): Promise<number> {
    return this.#count(
      `select count(*)::int as n from memberships m join workspaces w on w.id = m.workspace_id
        where m.user_id = $1 and m.role = 'owner' and not w.personal`,
      userId,
    );
  }

  countQueuedRuns(missionId: string): Promise<number> {
    return this.#count(
      `select count(*)::int as n from runs where mission_id = $1 and status = 'queued'`,
      missionId,
    );
  }

  /**
   * Counting a mission's queued runs reads one index entry per run: on every webhook delivery, a queue of
   * 50,000 costs PostgreSQL more than the delivery's own insert. So a count well below the limit (under half,
   * counting every delivery let through since) answers for a second; near the limit every delivery counts, at
   * most `limit` entries. Another instance's admissions in that second are not seen: the quota is a bound on a
   * runaway queue (already passed by deliveries in flight together), not an exact count.
   */
  async queuedRunsReach(missionId: string, limit: number): Promise<boolean> {
    const now = performance.now();
    const known = this.#queuedCounts.get(missionId);
    if (known && now - known.readAt < this.#queuedCountFreshMs && (known.count + known.passed) * 2 < limit) {
      known.passed++;
      return false;
    }
    const [row] = await this.#db.query<{ n: number }>(
      `select count(*)::int as n from
         (select 1 from runs where mission_id = $1 and status = 'queued' limit $2) queued`,
      [missionId, limit],
    );
    const count = row?.n ?? 0;
    if (this.#queuedCounts.size >= QUEUED_COUNTS_KEPT) this.#queuedCounts.clear();
    this.#queuedCounts.set(missionId, { count, readAt: now, passed: count < limit ? 1 : 0 });
    return count >= limit;
  }

  async hasQueuedRunOfSchedule(scheduleId: string): Promise<boolean> {
    const rows = await this.#db.query(
      `select 1 from runs where schedule_id = $1 and status = 'queued' limit 1`,
      [scheduleId],
    );
    return rows.length > 0;
  }

  async #count(sql: string, id: string): Promise<number> {
    const [row] = await this.#db.query<{ n: number }>(sql, [id]);
    return row?.n ?? 0;
  }
}
