import type { EntityManager } from '@mikro-orm/postgresql';
import type { JsonObject } from '../../../domain/missions/json-document.ts';
import { Run, type RunFailure, type TriggerType } from '../../../domain/runs/run.ts';
import type { RunStatus } from '../../../domain/runs/run-status.ts';

type Row = Record<string, unknown>;

/**
 * THE query that reads runs: every read (by id, lists, and the locking reads of claims, heartbeats,
 * completions, cancellations and lease sweeps) goes through here, so what the API shows of a run is defined
 * once. `runs` is aliased `r`; a join added here (for example the delivery a webhook run's input is built
 * from) keeps locking reads correct as long as they lock with `for update of r`.
 *
 * @param where  SQL condition on `r` with `?` placeholders
 * @param tail   `order by`, `limit` and locking clauses
 */
export async function selectRuns(
  em: EntityManager,
  where: string,
  params: unknown[],
  tail = '',
): Promise<Run[]> {
  const rows: Row[] = await em.execute(
    `select r.id, r.mission_id, r.workspace_id, r.status, r.trigger_type, r.trigger_id, r.delivery_id, r.input,
            r.output, r.error, r.attempt, r.lease_owner, r.lease_expires_at, r.created_at, r.started_at,
            r.finished_at
       from runs r
      where ${where} ${tail}`,
    params,
  );
  return rows.map(toRun);
}

function toRun(row: Row): Run {
  return new Run({
    id: row.id as string,
    missionId: row.mission_id as string,
    workspaceId: row.workspace_id as string,
    status: row.status as RunStatus,
    triggerType: row.trigger_type as TriggerType,
    triggerId: (row.trigger_id as string | null) ?? null,
    deliveryId: (row.delivery_id as string | null) ?? null,
    input: (row.input as JsonObject | null) ?? null,
    output: (row.output as JsonObject | null) ?? null,
    error: (row.error as RunFailure | null) ?? null,
    attempt: row.attempt as number,
    leaseOwner: (row.lease_owner as string | null) ?? null,
    leaseExpiresAt: date(row.lease_expires_at),
    createdAt: date(row.created_at) as Date,
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
  });
}

function date(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value as string);
}
