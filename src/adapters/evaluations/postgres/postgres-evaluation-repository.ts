import type {
  EvaluationRepository,
  ItemOutcome,
  ScoreChange,
} from '../../../application/evaluations/ports/evaluation-repository.ts';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type {
  Evaluation,
  EvaluationStatus,
  EvaluationSummary,
} from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../../domain/evaluations/evaluation-item.ts';
import { PASS_SCORE } from '../../../domain/evaluations/scorer.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import { PostgresRepository } from '../../platform/postgres/postgres-repository.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { EVALUATION_COLUMNS, ITEM_COLUMNS, type Row, toEvaluation, toItem } from './evaluation-rows.ts';

/**
 * Evaluations in `evaluations`, their items in `evaluation_items`: started under the evaluation's row lock
 * (`for update skip locked`: one instance at a time per evaluation), summed and compared in SQL.
 */
export class PostgresEvaluationRepository extends PostgresRepository implements EvaluationRepository {
  addWithItems(evaluation: Evaluation): Promise<Evaluation> {
    return this.db.transaction(async () => {
      const e = evaluation;
      await this.db.query(
        `insert into evaluations (${EVALUATION_COLUMNS})
         values ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, 0, $9, $10, $11, $12)`,
        [
          e.id,
          e.workspaceId,
          e.datasetId,
          e.name,
          jsonParam(e.target),
          jsonParam(e.scorers),
          e.concurrency,
          e.status,
          e.error,
          e.createdBy,
          e.createdAt,
          e.finishedAt,
        ],
      );
      const [copied] = await this.db.query<{ total: number }>(
        `with copied as (
           insert into evaluation_items (evaluation_id, item_id, created_at, input, expected, status)
           select $1, id, created_at, input, expected, 'pending' from dataset_items where dataset_id = $2
           returning 1)
         update evaluations set total = (select count(*) from copied) where id = $1 returning total`,
        [e.id, e.datasetId],
      );
      return { ...evaluation, total: copied?.total ?? 0 };
    });
  }

  async findById(id: string): Promise<Evaluation | undefined> {
    const [row] = await this.db.query<Row>(`select ${EVALUATION_COLUMNS} from evaluations where id = $1`, [
      id,
    ]);
    return row && toEvaluation(row);
  }

  async listForWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Evaluation>> {
    const params = new SqlParameters();
    const rows = await this.db.query<Row>(
      `select ${EVALUATION_COLUMNS} from evaluations where workspace_id = ${params.add(workspaceId)}
       ${afterPosition('created_at, id', page, 'desc', params)}
       order by created_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toEvaluation), page.limit, (evaluation) => evaluation);
  }

  async summary(evaluation: Evaluation): Promise<EvaluationSummary> {
    const [counts] = await this.db.query<Row>(
      `select count(*) filter (where status = 'done')::int as done,
              count(*) filter (where status = 'done' and error is not null)::int as failed,
              percentile_cont(0.5) within group (order by latency_ms) filter (where status = 'done') as p50,
              percentile_cont(0.95) within group (order by latency_ms) filter (where status = 'done') as p95,
              coalesce(sum(input_tokens) filter (where status = 'done'), 0)::bigint as input_tokens,
              coalesce(sum(output_tokens) filter (where status = 'done'), 0)::bigint as output_tokens
         from evaluation_items where evaluation_id = $1`,
      [evaluation.id],
    );
    const scoreRows = await this.db.query<Row>(
      `select s.key as scorer, avg(s.value::float8) as mean, avg((s.value::float8 >= $2)::int) as pass_rate
         from evaluation_items i cross join lateral jsonb_each_text(i.scores) s
        where i.evaluation_id = $1 and i.status = 'done'
        group by s.key`,
      [evaluation.id, PASS_SCORE],
    );
    const scores = Object.fromEntries(
      scoreRows.map((row) => [
        row.scorer as string,
        { mean: Number(row.mean), passRate: Number(row.pass_rate) },
      ]),
    );
    const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return {
      done: counts?.done as number,
      failed: counts?.failed as number,
      scores,
      latencyMs: { p50: number(counts?.p50), p95: number(counts?.p95) },
      usage: { inputTokens: Number(counts?.input_tokens), outputTokens: Number(counts?.output_tokens) },
    };
  }

  async listItems(evaluationId: string, page: PageRequest): Promise<Page<EvaluationItem>> {
    const params = new SqlParameters();
    const rows = await this.db.query<Row>(
      `select ${ITEM_COLUMNS} from evaluation_items where evaluation_id = ${params.add(evaluationId)}
       ${afterPosition('created_at, item_id', page, 'asc', params)}
       order by created_at, item_id limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toItem), page.limit, (item) => ({ createdAt: item.createdAt, id: item.itemId }));
  }

  async compare(baseId: string, headId: string, limit: number) {
    const rows = await this.db.query<Row>(
      `select b.item_id, s.key as scorer, s.value::float8 as base, (h.scores ->> s.key)::float8 as head
         from evaluation_items b
         join evaluation_items h on h.evaluation_id = $2 and h.item_id = b.item_id and h.status = 'done'
         cross join lateral jsonb_each_text(b.scores) s
        where b.evaluation_id = $1 and b.status = 'done' and h.scores ? s.key
          and (h.scores ->> s.key)::float8 <> s.value::float8
        order by abs((h.scores ->> s.key)::float8 - s.value::float8) desc, b.created_at, b.item_id, s.key`,
      [baseId, headId],
    );
    const changes: ScoreChange[] = rows.map((row) => ({
      itemId: row.item_id as string,
      scorer: row.scorer as string,
      base: Number(row.base),
      head: Number(row.head),
    }));
    return {
      fell: changes.filter((c) => c.head < c.base).slice(0, limit),
      rose: changes.filter((c) => c.head > c.base).slice(0, limit),
    };
  }

  async lockRunning(limit: number): Promise<Evaluation[]> {
    const rows = await this.db.query<Row>(
      `select ${EVALUATION_COLUMNS} from evaluations e
        where status = 'running'
          and (not exists (select 1 from evaluation_items i where i.evaluation_id = e.id and i.status <> 'done')
               or (exists (select 1 from evaluation_items i where i.evaluation_id = e.id and i.status = 'pending')
                   and (select count(*) from evaluation_items i where i.evaluation_id = e.id and i.status = 'running')
                       < e.concurrency))
        order by created_at, id limit $1 for update skip locked`,
      [limit],
    );
    return rows.map(toEvaluation);
  }

  async lock(id: string): Promise<Evaluation | undefined> {
    const [row] = await this.db.query<Row>(
      `select ${EVALUATION_COLUMNS} from evaluations where id = $1 for update`,
      [id],
    );
    return row && toEvaluation(row);
  }

  async countInFlight(evaluationId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from evaluation_items where evaluation_id = $1 and status = 'running'`,
      [evaluationId],
    );
    return row?.n ?? 0;
  }

  async lockPending(evaluationId: string, limit: number): Promise<EvaluationItem[]> {
    const rows = await this.db.query<Row>(
      `select ${ITEM_COLUMNS} from evaluation_items where evaluation_id = $1 and status = 'pending'
        order by created_at, item_id limit $2 for update skip locked`,
      [evaluationId, limit],
    );
    return rows.map(toItem);
  }

  async markStarted(evaluationId: string, itemId: string, runId: string): Promise<void> {
    await this.db.query(
      `update evaluation_items set status = 'running', run_id = $3 where evaluation_id = $1 and item_id = $2`,
      [evaluationId, itemId, runId],
    );
  }

  async recordOutcome(runId: string, outcome: ItemOutcome): Promise<boolean> {
    const rows = await this.db.query(
      `update evaluation_items set status = 'scoring', output = $2::jsonb, error = $3::jsonb, latency_ms = $4,
              input_tokens = $5, output_tokens = $6
        where run_id = $1 and status = 'running' returning item_id`,
      [
        runId,
        jsonParam(outcome.output),
        jsonParam(outcome.error),
        outcome.latencyMs,
        outcome.inputTokens,
        outcome.outputTokens,
      ],
    );
    return rows.length > 0;
  }

  async takeToScore(owner: string, now: Date, until: Date, limit: number): Promise<EvaluationItem[]> {
    const rows = await this.db.query<Row>(
      `update evaluation_items i set lease_owner = $1, lease_expires_at = $3
        where (i.evaluation_id, i.item_id) in (
          select t.evaluation_id, t.item_id from evaluation_items t
            join evaluations e on e.id = t.evaluation_id and e.status = 'running'
           where t.status = 'scoring' and (t.lease_expires_at is null or t.lease_expires_at <= $2)
           order by t.lease_expires_at nulls first limit $4
           for update of t skip locked)
        returning ${ITEM_COLUMNS.replaceAll(/(\w+)/g, 'i.$1')}`,
      [owner, now, until, limit],
    );
    return rows.map(toItem);
  }

  async storeScores(
    item: Pick<EvaluationItem, 'evaluationId' | 'itemId' | 'scores' | 'scoreErrors'>,
    owner: string,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update evaluation_items set status = 'done', scores = $3::jsonb, score_errors = $4::jsonb,
              lease_owner = null, lease_expires_at = null
        where evaluation_id = $1 and item_id = $2 and status = 'scoring' and lease_owner = $5 returning item_id`,
      [item.evaluationId, item.itemId, jsonParam(item.scores), jsonParam(item.scoreErrors), owner],
    );
    return rows.length === 1;
  }

  async allDone(evaluationId: string): Promise<boolean> {
    const rows = await this.db.query(
      `select 1 from evaluation_items where evaluation_id = $1 and status <> 'done' limit 1`,
      [evaluationId],
    );
    return rows.length === 0;
  }

  async runIdsInFlight(evaluationId: string): Promise<string[]> {
    const rows = await this.db.query<{ run_id: string }>(
      `select run_id from evaluation_items where evaluation_id = $1 and status = 'running'`,
      [evaluationId],
    );
    return rows.map((row) => row.run_id);
  }

  async finish(
    id: string,
    status: Exclude<EvaluationStatus, 'running'>,
    error: string | null,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `update evaluations set status = $2, error = $3, finished_at = $4 where id = $1 and status = 'running'
       returning id`,
      [id, status, error, now],
    );
    return rows.length === 1;
  }
}
