import type { Run } from '../../../domain/runs/run.ts';
import {
  assertEventCapacity,
  cappedUsage,
  type RunEventDraft,
  statusEvent,
} from '../../../domain/runs/run-event.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { eventColumnArrays, RUN_EVENTS_CHANNEL } from './run-event-columns.ts';
import { selectRuns } from './run-query.ts';

/**
 * Appends a worker's events to a run under its row lock, after `authorize` accepted the run and the cap
 * (`events_count` / `events_bytes`) left room for them; undefined when there is no such run.
 */
export function appendRunEvents(
  db: PostgresDatabase,
  runId: string,
  events: readonly RunEventDraft[],
  authorize: (run: Run) => void,
): Promise<{ seqFrom: number; seqTo: number } | undefined> {
  return db.transaction(async () => {
    const [run] = await selectRuns(db, 'r.id = $1', [runId], 'for update of r');
    if (!run) return undefined;
    authorize(run);
    // Events the cap does not count (the engine's `step` events) need no read of the counters.
    if (cappedUsage(events).count > 0) {
      const [usage] = await db.query<{ count: number; bytes: string }>(
        'select events_count as count, events_bytes as bytes from runs where id = $1',
        [runId],
      );
      assertEventCapacity({ count: usage?.count ?? 0, bytes: Number(usage?.bytes ?? 0) }, events);
    }
    const seqTo = await insertEvents(db, runId, events, true);
    return { seqFrom: seqTo - events.length + 1, seqTo };
  });
}

/** Stores the state changes `run` recorded as `status` events; called under the run's row lock. */
export async function storeStatusEvents(db: PostgresDatabase, run: Run): Promise<void> {
  const changes = run.takeStatusChanges();
  if (changes.length > 0) await insertEvents(db, run.id, changes.map(statusEvent), false);
}

/**
 * Appends `events` after the run's last seq, counts its worker events against the cap when `counted`, and announces the
 * append (delivered at commit); returns the last seq. One statement: the counters move in the same update
 * that numbers the events.
 */
async function insertEvents(
  db: PostgresDatabase,
  runId: string,
  events: readonly RunEventDraft[],
  counted: boolean,
): Promise<number> {
  const usage = counted ? cappedUsage(events) : { count: 0, bytes: 0 };
  const [row] = await db.query<{ seq: number }>(
    `with counters as (
       update runs set events_seq = events_seq + $2,
              events_count = events_count + $3, events_bytes = events_bytes + $4
        where id = $1
        returning events_seq - $2 as first_seq, events_seq
     ), inserted as (
       insert into run_events (run_id, seq, type, level, message, data, at, bytes)
       select $1, counters.first_seq + e.ord, e.type, e.level, e.message, e.data, e.at, e.bytes
         from counters,
              unnest($5::text[], $6::text[], $7::text[], $8::jsonb[], $9::timestamptz[], $10::int[])
                with ordinality as e(type, level, message, data, at, bytes, ord)
     )
     select events_seq as seq, pg_notify('${RUN_EVENTS_CHANNEL}', $1::text) from counters`,
    [runId, events.length, usage.count, usage.bytes, ...eventColumnArrays(events)],
  );
  return row?.seq ?? 0;
}
