import type { RunDetail } from '../../../application/runs/get-run-detail.ts';
import type { Run, RunSummary } from '../../../domain/runs/run.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The one presentation of a run (every route that answers with a run uses it). */
export function presentRun(run: Run) {
  return { ...presentRunSummary(run), input: run.input, output: run.output };
}

/** A run as `GET /api/runs/{id}` shows it: with its token usage (null but for agent runs). */
export function presentRunDetail({ run, usage }: RunDetail) {
  return {
    ...presentRun(run),
    usage: usage && { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens },
  };
}

/** A run as its claim hands it out: with the trace context it was queued under. */
export function presentClaimedRun(run: Run) {
  return { ...presentRun(run), traceparent: run.traceparent };
}

/** A run in a list: no input or output (`GET /api/runs/{id}` has them). */
export function presentRunSummary(run: RunSummary) {
  return {
    id: run.id,
    mission_id: run.missionId,
    workspace_id: run.workspaceId,
    status: run.status,
    trigger: {
      type: run.triggerType,
      trigger_id: run.triggerId,
      delivery_id: run.deliveryId,
      schedule_id: run.scheduleId,
      fire_time: iso(run.fireTime),
      evaluation_id: run.evaluationId,
      item_id: run.evaluationItemId,
    },
    error: run.error,
    attempt: run.attempt,
    not_before: run.notBefore.toISOString(),
    lease_expires_at: iso(run.leaseExpiresAt),
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    blueprint: run.blueprintId === null ? null : { id: run.blueprintId, version: run.blueprintVersion },
    parent_run_id: run.parentRunId,
    step_id: run.stepId,
    step_index: run.stepIndex,
    task_type: run.taskType,
    replay_of: run.replayOf,
    agent: run.agentId === null ? null : { id: run.agentId, version: run.agentVersion },
    thread_id: run.threadId,
  };
}

/** The `Location` of a run. */
export function runUrl(run: Pick<Run, 'id'>): string {
  return `/api/runs/${run.id}`;
}
