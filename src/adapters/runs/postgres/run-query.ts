import type { JsonObject } from '../../../domain/kernel/json-document.ts';
import type { RunPolicy } from '../../../domain/missions/index.ts';
import { Run, type RunFailure, type RunSummary, type TriggerType } from '../../../domain/runs/run.ts';
import type { RunStatus } from '../../../domain/runs/run-status.ts';
import type { QueryValues } from '../../../domain/runs/webhook-run-input.ts';
import { webhookRunInput } from '../../../domain/runs/webhook-run-input.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

export type RunRow = Record<string, unknown>;

/**
 * THE query that reads runs: every read (by id, and the locking reads of claims, heartbeats, completions,
 * cancellations and lease sweeps) goes through here, lists through its summary form below, so what the API
 * shows of a run is defined once. `runs` is aliased `r`; a join added here (for example the delivery a webhook
 * run's input is built from) keeps locking reads correct as long as they lock with `for update of r`.
 *
 * @param where  SQL condition on `r` with `$n` placeholders (bound to `params`)
 * @param tail   `order by`, `limit` and locking clauses
 */
export async function selectRuns(
  db: PostgresDatabase,
  where: string,
  params: readonly unknown[],
  tail = '',
): Promise<Run[]> {
  const rows = await db.query<RunRow>(runsQuery(where, tail), params);
  return rows.map(toRun);
}

/** The SQL of `selectRuns`, for a statement that wraps it (its rows go through `toRun`). */
export function runsQuery(where: string, tail = ''): string {
  return `select ${SUMMARY_COLUMNS}, r.input, r.output, d.body as delivery_body,
            d.content_type as delivery_content_type, d.headers as delivery_headers, d.query as delivery_query
       from runs r
       left join webhook_deliveries d on d.id = r.delivery_id
      where ${where} ${tail}`;
}

export function toRun(row: RunRow): Run {
  return new Run({
    ...toSummary(row),
    input: row.delivery_id ? deliveryInput(row) : ((row.input as JsonObject | null) ?? null),
    output: (row.output as JsonObject | null) ?? null,
  });
}

/** Run summaries (lists): the columns of `selectRuns` but the input, the output and the delivery's body. */
export async function selectRunSummaries(
  db: PostgresDatabase,
  where: string,
  params: readonly unknown[],
  tail = '',
): Promise<RunSummary[]> {
  const rows = await db.query<RunRow>(`select ${SUMMARY_COLUMNS} from runs r where ${where} ${tail}`, params);
  return rows.map(toSummary);
}

const SUMMARY_COLUMNS = `r.id, r.mission_id, r.workspace_id, r.status, r.trigger_type, r.trigger_id, r.delivery_id,
  r.schedule_id, r.fire_time, r.evaluation_id, r.evaluation_item_id, r.error, r.attempt, r.policy, r.concurrency_key, r.admitted, r.not_before, r.lease_owner, r.lease_expires_at,
  r.timeout_at, r.created_at, r.started_at, r.finished_at, r.traceparent, r.blueprint_id, r.blueprint_version,
  r.parent_run_id, r.step_id, r.task_type, r.replay_of, r.agent_id, r.agent_version, r.thread_id, r.step_index`;

function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id as string,
    missionId: (row.mission_id as string | null) ?? null,
    workspaceId: row.workspace_id as string,
    status: row.status as RunStatus,
    triggerType: row.trigger_type as TriggerType,
    triggerId: (row.trigger_id as string | null) ?? null,
    deliveryId: (row.delivery_id as string | null) ?? null,
    scheduleId: (row.schedule_id as string | null) ?? null,
    fireTime: date(row.fire_time),
    evaluationId: (row.evaluation_id as string | null) ?? null,
    evaluationItemId: (row.evaluation_item_id as string | null) ?? null,
    error: (row.error as RunFailure | null) ?? null,
    attempt: row.attempt as number,
    policy: row.policy as RunPolicy,
    concurrencyKey: (row.concurrency_key as string | null) ?? null,
    admitted: row.admitted as boolean,
    notBefore: date(row.not_before) as Date,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseExpiresAt: date(row.lease_expires_at),
    timeoutAt: date(row.timeout_at),
    createdAt: date(row.created_at) as Date,
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
    traceparent: (row.traceparent as string | null) ?? null,
    blueprintId: (row.blueprint_id as string | null) ?? null,
    blueprintVersion: (row.blueprint_version as number | null) ?? null,
    parentRunId: (row.parent_run_id as string | null) ?? null,
    stepId: (row.step_id as string | null) ?? null,
    taskType: (row.task_type as string | null) ?? null,
    replayOf: (row.replay_of as string | null) ?? null,
    agentId: (row.agent_id as string | null) ?? null,
    agentVersion: (row.agent_version as number | null) ?? null,
    threadId: (row.thread_id as string | null) ?? null,
    stepIndex: (row.step_index as number | null) ?? null,
  };
}

function date(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value as string);
}

/** A webhook run's input: built from its delivery's stored bytes (the body is stored once, not copied). */
function deliveryInput(row: RunRow): JsonObject {
  return webhookRunInput({
    body: (row.delivery_body as Buffer | null) ?? null,
    contentType: (row.delivery_content_type as string | null) ?? null,
    headers: (row.delivery_headers as Record<string, string> | null) ?? {},
    query: (row.delivery_query as QueryValues | null) ?? {},
  });
}
