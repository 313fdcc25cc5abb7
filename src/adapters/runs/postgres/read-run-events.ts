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
): Promise<RunEvent[]> {
  const rows = await db.query<EventRow>(
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

/** The seq of the run's last event (0 when it has none, or there is no such run). */
export async function lastRunEventSeq(db: PostgresDatabase, runId: string): Promise<number> {
  const [row] = await db.query<{ seq: number }>('select events_seq as seq from runs where id = $1', [runId]);
  return row?.seq ?? 0;
}
