import type { Comparison, EvaluationView } from '../../../application/evaluations/evaluation-reads.ts';
import type { Dataset, DatasetItem } from '../../../domain/evaluations/dataset.ts';
import { passedOf } from '../../../domain/evaluations/evaluation.ts';
import type { EvaluationItem } from '../../../domain/evaluations/evaluation-item.ts';

export function presentDataset(dataset: Dataset) {
  return {
    id: dataset.id,
    workspace_id: dataset.workspaceId,
    name: dataset.name,
    description: dataset.description,
    created_at: dataset.createdAt.toISOString(),
  };
}

export function presentDatasetItem(item: DatasetItem) {
  return {
    id: item.id,
    dataset_id: item.datasetId,
    input: item.input,
    expected: item.expected,
    metadata: item.metadata,
    created_at: item.createdAt.toISOString(),
  };
}

export function presentEvaluation({ evaluation: e, summary }: EvaluationView) {
  const target = e.target;
  return {
    id: e.id,
    workspace_id: e.workspaceId,
    dataset_id: e.datasetId,
    name: e.name,
    target:
      'missionId' in target
        ? { mission_id: target.missionId, agent_id: null, version: null }
        : { mission_id: null, agent_id: target.agentId, version: target.version },
    scorers: e.scorers.map((s) => ({ name: s.name, kind: s.kind, config: s.config, min_mean: s.minMean })),
    concurrency: e.concurrency,
    status: e.status,
    error: e.error,
    total: e.total,
    done: summary.done,
    failed: summary.failed,
    scores: Object.fromEntries(
      Object.entries(summary.scores).map(([name, s]) => [name, { mean: s.mean, pass_rate: s.passRate }]),
    ),
    passed: passedOf(e, summary),
    latency_ms: summary.latencyMs,
    usage: { input_tokens: summary.usage.inputTokens, output_tokens: summary.usage.outputTokens },
    created_at: e.createdAt.toISOString(),
    finished_at: e.finishedAt?.toISOString() ?? null,
  };
}

export function presentResult(item: EvaluationItem) {
  return {
    item_id: item.itemId,
    status: item.status,
    run_id: item.runId,
    input: item.input,
    expected: item.expected,
    output: item.output,
    scores: item.scores,
    score_errors: item.scoreErrors,
    error: item.error,
    latency_ms: item.latencyMs,
  };
}

export function presentComparison(comparison: Comparison) {
  const names = new Set([
    ...Object.keys(comparison.base.summary.scores),
    ...Object.keys(comparison.head.summary.scores),
  ]);
  const scores = Object.fromEntries(
    [...names].map((name) => {
      const base = comparison.base.summary.scores[name]?.mean ?? null;
      const head = comparison.head.summary.scores[name]?.mean ?? null;
      return [name, { base, head, delta: base === null || head === null ? null : head - base }];
    }),
  );
  const change = (c: Comparison['fell'][number]) => ({
    item_id: c.itemId,
    scorer: c.scorer,
    base: c.base,
    head: c.head,
  });
  return { scores, fell: comparison.fell.map(change), rose: comparison.rose.map(change) };
}
