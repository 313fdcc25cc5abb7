import type { Run } from '../../../domain/runs/run.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';

// A new run as a `runs` row: the columns every insert of a run writes, their casts and values, in one order.

export const RUN_INSERT_COLUMNS = `id, mission_id, workspace_id, status, trigger_type, trigger_id, delivery_id, schedule_id,
  fire_time, input, output, error, attempt, policy, concurrency_key, admitted, not_before, lease_owner,
  lease_expires_at, timeout_at, created_at, started_at, finished_at, traceparent, blueprint_id, blueprint_version,
  parent_run_id, step_id, task_type, replay_of, agent_id, agent_version, thread_id, step_index, evaluation_id, evaluation_item_id`;

export const RUN_INSERT_CASTS: readonly string[] = [
  ...['', '', '', '', '', '', '', '', ''],
  ...['::jsonb', '::jsonb', '::jsonb', '', '::jsonb'],
  ...['', '', '', '', '', '', '', '', '', ''],
  ...['', '', '', '', '', ''],
  ...['', '', '', ''],
  ...['', ''],
];

export function runInsertValues(run: Run): unknown[] {
  return [
    run.id,
    run.missionId,
    run.workspaceId,
    run.status,
    run.triggerType,
    run.triggerId,
    run.deliveryId,
    run.scheduleId,
    run.fireTime,
    jsonParam(run.input),
    jsonParam(run.output),
    jsonParam(run.error),
    run.attempt,
    jsonParam(run.policy),
    run.concurrencyKey,
    run.admitted,
    run.notBefore,
    run.leaseOwner,
    run.leaseExpiresAt,
    run.timeoutAt,
    run.createdAt,
    run.startedAt,
    run.finishedAt,
    run.traceparent,
    run.blueprintId,
    run.blueprintVersion,
    run.parentRunId,
    run.stepId,
    run.taskType,
    run.replayOf,
    run.agentId,
    run.agentVersion,
    run.threadId,
    run.stepIndex,
    run.evaluationId,
    run.evaluationItemId,
  ];
}
