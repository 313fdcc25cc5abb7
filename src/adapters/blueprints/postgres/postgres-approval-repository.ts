import type {
  ApprovalFilter,
  ApprovalRepository,
} from '../../../application/blueprints/ports/approval-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import { Approval, type ApprovalStatus } from '../../../domain/blueprints/approval.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';

const COLUMNS = `id, workspace_id, run_id, node_id, tool_call_id, title, payload, status, decided_by, comment,
  created_at, expires_at, decided_at`;

type ApprovalRow = Record<string, unknown>;

/** Approvals in `approvals` (migration 0024). */
export class PostgresApprovalRepository extends PostgresRepository implements ApprovalRepository {
  async add(approval: Approval): Promise<void> {
    await this.db.query(
      `insert into approvals (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13)`,
      [
        approval.id,
        approval.workspaceId,
        approval.runId,
        approval.nodeId,
        approval.toolCallId,
        approval.title,
        jsonParam(approval.payload),
        approval.status,
        approval.decidedBy,
        approval.comment,
        approval.createdAt,
        approval.expiresAt,
        approval.decidedAt,
      ],
    );
  }

  async findById(id: string): Promise<Approval | undefined> {
    const [row] = await this.db.query<ApprovalRow>(`select ${COLUMNS} from approvals where id = $1`, [id]);
    return row && toApproval(row);
  }

  async list(filter: ApprovalFilter, page: PageRequest): Promise<Page<Approval>> {
    const params = new SqlParameters();
    let where = `workspace_id = ${params.add(filter.workspaceId)}`;
    if (filter.status !== undefined) where += ` and status = ${params.add(filter.status)}`;
    where += afterPosition('created_at, id', page, 'desc', params);
    const rows = await this.db.query<ApprovalRow>(
      `select ${COLUMNS} from approvals where ${where}
        order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toApproval), page.limit, (approval) => approval);
  }

  update(id: string, change: (approval: Approval) => void): Promise<Approval | undefined> {
    return this.db.transaction(async () => {
      const [row] = await this.db.query<ApprovalRow>(
        `select ${COLUMNS} from approvals where id = $1 for update`,
        [id],
      );
      if (!row) return undefined;
      const approval = toApproval(row);
      change(approval);
      await this.#store([approval]);
      return approval;
    });
  }

  async pastExpiry(now: Date, limit: number): Promise<Approval[]> {
    const rows = await this.db.query<ApprovalRow>(
      `select ${COLUMNS} from approvals where status = 'pending' and expires_at <= $1
        order by expires_at limit $2`,
      [now, limit],
    );
    return rows.map(toApproval);
  }

  endPendingOfRun(runId: string, end: (approval: Approval) => void): Promise<Approval[]> {
    return this.db.transaction(async () => {
      const rows = await this.db.query<ApprovalRow>(
        `select ${COLUMNS} from approvals where run_id = $1 and status = 'pending' order by id for update`,
        [runId],
      );
      const approvals = rows.map(toApproval);
      for (const approval of approvals) end(approval);
      await this.#store(approvals);
      return approvals;
    });
  }

  async #store(approvals: readonly Approval[]): Promise<void> {
    if (approvals.length === 0) return;
    await this.db.query(
      `update approvals a set status = c.status, decided_by = c.decided_by, comment = c.comment,
              decided_at = c.decided_at
         from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])
           as c(id, status, decided_by, comment, decided_at)
        where a.id = c.id`,
      [
        approvals.map((a) => a.id),
        approvals.map((a) => a.status),
        approvals.map((a) => a.decidedBy),
        approvals.map((a) => a.comment),
        approvals.map((a) => a.decidedAt),
      ],
    );
  }
}

function toApproval(row: ApprovalRow): Approval {
  return new Approval({
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    runId: row.run_id as string,
    nodeId: (row.node_id as string | null) ?? null,
    toolCallId: (row.tool_call_id as string | null) ?? null,
    title: row.title as string,
    payload: row.payload ?? null,
    status: row.status as ApprovalStatus,
    decidedBy: (row.decided_by as string | null) ?? null,
    comment: (row.comment as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    expiresAt: date(row.expires_at),
    decidedAt: date(row.decided_at),
  });
}

function date(value: unknown): Date | null {
  return value === null || value === undefined ? null : new Date(value as string);
}
