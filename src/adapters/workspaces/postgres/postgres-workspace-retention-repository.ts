import type { WorkspaceRetentionRepository } from '../../../application/workspaces/ports/workspace-retention-repository.ts';
import {
  NO_WORKSPACE_RETENTION,
  WORKSPACE_RETENTION_SETTINGS,
  type WorkspaceRetention,
} from '../../../domain/kernel/retention.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

const COLUMNS = WORKSPACE_RETENTION_SETTINGS.map((setting) => `${setting}_days`);

type RetentionRow = { workspace_id: string } & Record<string, number | null>;

/** The `workspace_retention` table: one row per workspace that set something. */
export class PostgresWorkspaceRetentionRepository implements WorkspaceRetentionRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  async find(workspaceId: string): Promise<WorkspaceRetention> {
    const [row] = await this.#db.query<RetentionRow>(
      `select workspace_id, ${COLUMNS.join(', ')} from workspace_retention where workspace_id = $1`,
      [workspaceId],
    );
    return row ? toRetention(row) : NO_WORKSPACE_RETENTION;
  }

  async save(workspaceId: string, values: WorkspaceRetention, at: Date): Promise<void> {
    if (WORKSPACE_RETENTION_SETTINGS.every((setting) => values[setting] === null)) {
      await this.#db.query('delete from workspace_retention where workspace_id = $1', [workspaceId]);
      return;
    }
    const days = WORKSPACE_RETENTION_SETTINGS.map((setting) => values[setting]);
    const placeholders = days.map((_, i) => `$${i + 3}`).join(', ');
    await this.#db.query(
      `insert into workspace_retention (workspace_id, updated_at, ${COLUMNS.join(', ')})
       values ($1, $2, ${placeholders})
       on conflict (workspace_id) do update set updated_at = excluded.updated_at,
         ${COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}`,
      [workspaceId, at, ...days],
    );
  }

  async listSet(): Promise<ReadonlyMap<string, WorkspaceRetention>> {
    const rows = await this.#db.query<RetentionRow>(
      `select workspace_id, ${COLUMNS.join(', ')} from workspace_retention`,
    );
    return new Map(rows.map((row) => [row.workspace_id, toRetention(row)]));
  }
}

function toRetention(row: RetentionRow): WorkspaceRetention {
  return Object.fromEntries(
    WORKSPACE_RETENTION_SETTINGS.map((setting) => [setting, row[`${setting}_days`] ?? null]),
  ) as unknown as WorkspaceRetention;
}
