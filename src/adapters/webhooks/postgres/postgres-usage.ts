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

/** Counts for the quotas, on the tables themselves. */
export class PostgresUsage implements Usage {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
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
