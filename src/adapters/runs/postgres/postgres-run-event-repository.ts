import type { RunEventRepository } from '../../../application/runs/ports/run-event-repository.ts';
import type { Run } from '../../../domain/runs/run.ts';
import {
  assertEventCapacity,
  type EventLevel,
  type RunEvent,
  type RunEventDraft,
  type RunEventType,
  statusEvent,
} from '../../../domain/runs/run-event.ts';
import { jsonParam } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { selectRuns } from './run-query.ts';

/** Committed appends are announced on this channel with the run id as payload (see the notifier). */
export const RUN_EVENTS_CHANNEL = 'run_events';

/**
 * The events' own columns as bound arrays, for `unnest(...::text[], ::text[], ::text[], ::jsonb[],
 * ::timestamptz[], ::int[]) as e(type, level, message, data, at, bytes)` in every statement that inserts them.
 */
export function eventColumnArrays(events: readonly RunEventDraft[]): unknown[][] {
  return [
    events.map((event) => event.type),
    events.map((event) => event.level),
    events.map((event) => event.message),
    events.map((event) => jsonParam(event.data)),
    events.map((event) => event.at),
    events.map((event) => event.bytes),
  ];
}

interface EventRow {
  run_id: string;
  seq: number;
  type: RunEventType;
  level: EventLevel | null;
  message: string | null;
  data: unknown;
  at: Date | string;
  bytes: number;
}

/**
 * Run events in `run_events`, numbered from the run row's counters (`events_seq`, and `events_count` /
 * `events_bytes` for the cap), which appends change under the run's row lock.
 */
export class PostgresRunEventRepository implements RunEventRepository {
  readonly #db: PostgresDatabase;

  constructor({ db }: { db: PostgresDatabase }) {
    this.#db = db;
  }

  append(
    runId: string,
    events: readonly RunEventDraft[],
    authorize: (run: Run) => void,
  ): Promise<{ seqFrom: number; seqTo: number } | undefined> {
    return this.#db.transaction(async () => {
      const [run] = await selectRuns(this.#db, 'r.id = $1', [runId], 'for update of r');
      if (!run) return undefined;
      authorize(run);
      const [usage] = await this.#db.query<{ count: number; bytes: string }>(
        'select events_count as count, events_bytes as bytes from runs where id = $1',
        [runId],
      );
      assertEventCapacity({ count: usage?.count ?? 0, bytes: Number(usage?.bytes ?? 0) }, events);
      const seqTo = await insertEvents(this.#db, runId, events, true);
      return { seqFrom: seqTo - events.length + 1, seqTo };
    });
  }

  async list(runId: string, after: number, limit: number): Promise<RunEvent[]> {
    const rows = await this.#db.query<EventRow>(
      `select run_id, seq, type, level, message, data, at, bytes from run_events
        where run_id = $1 and seq > $2 order by seq limit $3`,
      [runId, after, limit],
    );
    return rows.map((row) => ({
      runId: row.run_id,
      seq: row.seq,
      type: row.type,
      level: row.level,
      message: row.message,
      data: row.data,
      at: row.at instanceof Date ? row.at : new Date(row.at),
      bytes: row.bytes,
    }));
  }

  async lastSeq(runId: string): Promise<number> {
    const [row] = await this.#db.query<{ seq: number }>('select events_seq as seq from runs where id = $1', [
      runId,
    ]);
    return row?.seq ?? 0;
  }
}

/** Stores the state changes `run` recorded as `status` events; called under the run's row lock. */
export async function storeStatusEvents(db: PostgresDatabase, run: Run): Promise<void> {
  const changes = run.takeStatusChanges();
  if (changes.length > 0) await insertEvents(db, run.id, changes.map(statusEvent), false);
}

/**
 * Appends `events` after the run's last seq, counts them against the cap when `counted`, and announces the
 * append (delivered at commit); returns the last seq. One statement: the counters move in the same update
 * that numbers the events.
 */
async function insertEvents(
  db: PostgresDatabase,
  runId: string,
  events: readonly RunEventDraft[],
  counted: boolean,
): Promise<number> {
  const bytes = events.reduce((sum, event) => sum + event.bytes, 0);
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
    [runId, events.length, counted ? events.length : 0, counted ? bytes : 0, ...eventColumnArrays(events)],
  );
  return row?.seq ?? 0;
}
