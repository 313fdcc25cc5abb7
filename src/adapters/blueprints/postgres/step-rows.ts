import type { NodeKind } from '../../../domain/blueprints/graph.ts';
import { Step, type StepFailure, type StepStatus } from '../../../domain/blueprints/step.ts';

export type StepRow = Record<string, unknown>;

export const STEP_COLUMNS = `run_id, node_id, position, kind, status, attempt, starts, input, output, error, taken_edges,
  child_run_id, approval_id, due_at, started_at, finished_at, map_children`;

export function toStep(row: StepRow): Step {
  return new Step({
    runId: row.run_id as string,
    nodeId: row.node_id as string,
    position: row.position as number,
    kind: row.kind as NodeKind,
    status: row.status as StepStatus,
    attempt: row.attempt as number,
    starts: row.starts as number,
    input: row.input ?? null,
    output: row.output ?? null,
    error: (row.error as StepFailure | null) ?? null,
    takenEdges: (row.taken_edges as number[] | null) ?? null,
    childRunId: (row.child_run_id as string | null) ?? null,
    approvalId: (row.approval_id as string | null) ?? null,
    mapChildren: (row.map_children as (string | null)[] | null) ?? null,
    dueAt: date(row.due_at),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
  });
}

function date(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value as string);
}
