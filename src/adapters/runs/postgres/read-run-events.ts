import type { EventLevel, RunEvent, RunEventType } from '../../../domain/runs/run-event.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';

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

/** Up to `limit` of the run's events after seq `after`, in seq order. */
export async function listRunEvents(
  db: PostgresDatabase,
  runId: string,
  after: number,
  limit: number,
  maxBytes?: number,
): Promise<RunEvent[]> {
  // The byte budget is decided on the sizes alone, so events past it are never read out of storage.
  const rows = await db.query<EventRow>(
    `with page as (
       select seq, sum(bytes) over (order by seq) - bytes as before from run_events
        where run_id = $1 and seq > $2 order by seq limit $3
     )
     select e.run_id, e.seq, e.type, e.level, e.message, e.data, e.at, e.bytes
       from page join run_events e on e.run_id = $1 and e.seq = page.seq
      where page.before < $4 order by e.seq`,
    [runId, after, limit, maxBytes ?? Number.MAX_SAFE_INTEGER],
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

/** The seq of the run's last event (0 when it has none, or there is no such run). */
export async function lastRunEventSeq(db: PostgresDatabase, runId: string): Promise<number> {
  const [row] = await db.query<{ seq: number }>('select events_seq as seq from runs where id = $1', [runId]);
  return row?.seq ?? 0;
}
