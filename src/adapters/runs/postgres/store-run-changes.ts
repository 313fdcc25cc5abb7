import type { Run } from '../../../domain/runs/run.ts';
import { statusEvent } from '../../../domain/runs/run-event.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { eventColumnArrays, RUN_EVENTS_CHANNEL } from './run-event-columns.ts';

/**
 * Stores the state columns of `runs` (never `input`) and appends the `status` events each recorded since it
 * was loaded, in ONE statement however many runs there are: a batched claim or a lease sweep costs one round
 * trip, not two per run. Called under the runs' row locks: each run's `events_seq` moves in the same update
 * that numbers its events, so seqs stay gapless. Runs that got events are announced (delivered at commit).
 */
export async function storeRunChanges(db: PostgresDatabase, runs: readonly Run[]): Promise<void> {
  if (runs.length === 0) return;
  const events = runs.flatMap((run) =>
    run
      .takeStatusChanges()
      .map((change, index) => ({ runId: run.id, ord: index + 1, ...statusEvent(change) })),
  );
  const added = new Map<string, number>();
  for (const event of events) added.set(event.runId, event.ord);
  await db.query(
    `with changes as (
       select * from unnest($1::uuid[], $2::text[], $3::int[], $4::boolean[], $5::timestamptz[], $6::text[],
         $7::timestamptz[], $8::timestamptz[], $9::jsonb[], $10::jsonb[], $11::timestamptz[], $12::timestamptz[],
         $13::int[], $22::int[])
         as c(id, status, attempt, admitted, not_before, lease_owner, lease_expires_at, timeout_at, output, error,
           started_at, finished_at, added, blueprint_version)
     ), updated as (
       update runs r set status = c.status, attempt = c.attempt, admitted = c.admitted, not_before = c.not_before,
              lease_owner = c.lease_owner, lease_expires_at = c.lease_expires_at, timeout_at = c.timeout_at,
              output = c.output, error = c.error, started_at = c.started_at, finished_at = c.finished_at,
              events_seq = r.events_seq + c.added, blueprint_version = c.blueprint_version
         from changes c
        where r.id = c.id
        returning r.id, r.events_seq - c.added as first_seq, c.added
     ), inserted as (
       insert into run_events (run_id, seq, type, level, message, data, at, bytes)
       select e.run_id, u.first_seq + e.ord, e.type, e.level, e.message, e.data, e.at, e.bytes
         from unnest($14::uuid[], $15::int[], $16::text[], $17::text[], $18::text[], $19::jsonb[],
                $20::timestamptz[], $21::int[]) as e(run_id, ord, type, level, message, data, at, bytes)
         join updated u on u.id = e.run_id
     )
     select pg_notify('${RUN_EVENTS_CHANNEL}', id::text) from updated where added > 0`,
    [
      runs.map((run) => run.id),
      runs.map((run) => run.status),
      runs.map((run) => run.attempt),
      runs.map((run) => run.admitted),
      runs.map((run) => run.notBefore),
      runs.map((run) => run.leaseOwner),
      runs.map((run) => run.leaseExpiresAt),
      runs.map((run) => run.timeoutAt),
      runs.map((run) => jsonParam(run.output)),
      runs.map((run) => jsonParam(run.error)),
      runs.map((run) => run.startedAt),
      runs.map((run) => run.finishedAt),
      runs.map((run) => added.get(run.id) ?? 0),
      events.map((event) => event.runId),
      events.map((event) => event.ord),
      ...eventColumnArrays(events),
      runs.map((run) => run.blueprintVersion),
    ],
  );
}
