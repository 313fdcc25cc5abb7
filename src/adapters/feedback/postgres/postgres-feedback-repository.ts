import type {
  FeedbackRepository,
  SummaryScope,
} from '../../../application/feedback/ports/feedback-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { Feedback, FeedbackSource, FeedbackSummary } from '../../../domain/feedback/feedback.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { tokenDigest } from '../crypto/token-digest.ts';

const COLUMNS = 'id, run_id, workspace_id, score, label, comment, source, created_by, created_at';

interface FeedbackRow {
  id: string;
  run_id: string;
  workspace_id: string;
  score: number | null;
  label: string | null;
  comment: string | null;
  source: FeedbackSource;
  created_by: string | null;
  created_at: string | Date;
}

const toFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  runId: row.run_id,
  workspaceId: row.workspace_id,
  score: row.score === null ? null : Number(row.score),
  label: row.label,
  comment: row.comment,
  source: row.source,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
});

/** Feedback in `feedback`; the uses of feedback links in `feedback_link_uses` (digests only). */
export class PostgresFeedbackRepository extends PostgresRepository implements FeedbackRepository {
  async add(feedback: Feedback): Promise<void> {
    await this.db.query(`insert into feedback (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
      feedback.id,
      feedback.runId,
      feedback.workspaceId,
      feedback.score,
      feedback.label,
      feedback.comment,
      feedback.source,
      feedback.createdBy,
      feedback.createdAt,
    ]);
  }

  async listForRun(runId: string, page: PageRequest): Promise<Page<Feedback>> {
    const params = new SqlParameters();
    const rows = await this.db.query<FeedbackRow>(
      `select ${COLUMNS} from feedback where run_id = ${params.add(runId)}
        ${afterPosition('created_at, id', page, 'asc', params)}
        order by created_at, id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toFeedback), page.limit, (f) => ({ createdAt: f.createdAt, id: f.id }));
  }

  async summarize(scope: SummaryScope): Promise<FeedbackSummary> {
    const params = new SqlParameters();
    const conditions = [`f.workspace_id = ${params.add(scope.workspaceId)}`];
    if (scope.missionId !== undefined) conditions.push(`r.mission_id = ${params.add(scope.missionId)}::uuid`);
    if (scope.agentId !== undefined) conditions.push(`r.agent_id = ${params.add(scope.agentId)}::uuid`);
    if (scope.since !== undefined) conditions.push(`f.created_at >= ${params.add(scope.since)}::timestamptz`);
    const [row] = await this.db.query<{
      count: number;
      mean_score: number | null;
      labels: Record<string, number>;
    }>(
      `with picked as (
         select f.score, f.label from feedback f join runs r on r.id = f.run_id where ${conditions.join(' and ')})
       select (select count(*)::int from picked) as count,
              (select avg(score)::float8 from picked) as mean_score,
              (select coalesce(jsonb_object_agg(label, n), '{}'::jsonb)
                 from (select label, count(*)::int as n from picked where label is not null group by label) l) as labels`,
      params.values,
    );
    return { count: row?.count ?? 0, meanScore: row?.mean_score ?? null, labels: row?.labels ?? {} };
  }

  async useLink(token: string, runId: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db.query(
      `insert into feedback_link_uses (token_sha256, run_id, expires_at) values ($1, $2, $3)
       on conflict (token_sha256) do nothing returning token_sha256`,
      [tokenDigest(token), runId, expiresAt],
    );
    return rows.length === 1;
  }

  async deleteExpiredLinkUses(now: Date, limit: number): Promise<number> {
    const rows = await this.db.query(
      `delete from feedback_link_uses where token_sha256 in (
         select token_sha256 from feedback_link_uses where expires_at < $1 limit $2 for update skip locked)
       returning token_sha256`,
      [now, limit],
    );
    return rows.length;
  }
}
