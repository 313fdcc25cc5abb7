import type {
  Evaluation,
  EvaluationStatus,
  EvaluationTarget,
} from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem, ItemFailure, ItemStatus } from '../../../domain/evaluations/evaluation-item.ts';
import type { ScorerSpec } from '../../../domain/evaluations/scorer.ts';

export type Row = Record<string, unknown>;

export const EVALUATION_COLUMNS = `id, workspace_id, dataset_id, name, target, scorers, concurrency, status, total, error,
  created_by, created_at, finished_at`;

export const ITEM_COLUMNS = `evaluation_id, item_id, created_at, input, expected, status, run_id, output, error,
  latency_ms, input_tokens, output_tokens, scores, score_errors, lease_owner, lease_expires_at`;

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** Targets and scorers are stored as the domain holds them (camelCase keys), scorers' configs as given. */
export function toEvaluation(row: Row): Evaluation {
  return {
    id: row.id as string,
    workspaceId: row.workspace_id as string,
    datasetId: row.dataset_id as string,
    name: row.name as string,
    target: row.target as EvaluationTarget,
    scorers: row.scorers as ScorerSpec[],
    concurrency: row.concurrency as number,
    status: row.status as EvaluationStatus,
    total: row.total as number,
    error: (row.error as string | null) ?? null,
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    finishedAt: date(row.finished_at),
  };
}

export function toItem(row: Row): EvaluationItem {
  return {
    evaluationId: row.evaluation_id as string,
    itemId: row.item_id as string,
    createdAt: new Date(row.created_at as string),
    input: row.input,
    expected: row.expected ?? null,
    status: row.status as ItemStatus,
    runId: (row.run_id as string | null) ?? null,
    output: row.output ?? null,
    error: (row.error as ItemFailure | null) ?? null,
    latencyMs: (row.latency_ms as number | null) ?? null,
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    scores: (row.scores as Record<string, number> | null) ?? null,
    scoreErrors: (row.score_errors as Record<string, string> | null) ?? null,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseExpiresAt: date(row.lease_expires_at),
  };
}
