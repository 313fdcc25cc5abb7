import type {
  AcceptOutcome,
  OriginalDelivery,
} from '../../../application/triggers/ports/delivery-repository.ts';
import { Run } from '../../../domain/runs/run.ts';
import { type RunStatusChange, statusEvent } from '../../../domain/runs/run-event.ts';
import { type Delivery, duplicateOf } from '../../../domain/triggers/delivery.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { eventColumnArrays } from '../../runs/postgres/postgres-run-event-repository.ts';
import {
  concurrencyGroup,
  RUN_INSERT_CASTS,
  RUN_INSERT_COLUMNS,
  runInsertValues,
} from '../../runs/postgres/run-rows.ts';
import {
  DELIVERY_INSERT_CASTS,
  DELIVERY_INSERT_COLUMNS,
  deliveryInsertValues,
  logEntryRow,
} from './delivery-rows.ts';

/** One delivery handed to the intake: never changed, so a batch that fails can be tried again from it. */
export interface IntakeEntry {
  readonly delivery: Delivery;
  readonly run: Run;
  /** The run's status changes (taken from it once, when it was handed over). */
  readonly statusChanges: readonly RunStatusChange[];
  readonly windowSeconds: number;
}

type Queryable = Pick<PostgresDatabase, 'query'>;

/** A slot can be closed by a concurrent request between our insert and select: try again, a few times. */
const MAX_ATTEMPTS = 4;

/**
 * Stores a batch of deliveries in the surrounding transaction, a few statements for the whole batch: the
 * accepted deliveries (taking their idempotency slots), the runs of those stored and their `queued` events,
 * the log entries of the repeats. Returns each entry's outcome, in order.
 */
export async function storeIntakeBatch(
  db: Queryable,
  entries: readonly IntakeEntry[],
): Promise<AcceptOutcome[]> {
  const outcomes = await insertDeliveries(db, entries);
  const stored = entries.filter((_, index) => outcomes[index]?.stored);
  if (stored.length > 0) await insertRuns(db, stored);
  const repeats = entries.flatMap((entry, index) => {
    const outcome = outcomes[index] as AcceptOutcome;
    return outcome.stored
      ? []
      : [deliveryInsertValues(logEntryRow(duplicateOf(entry.delivery, outcome.original)))];
  });
  if (repeats.length > 0) await insertDeliveryRows(db, repeats, '');
  return outcomes;
}

/**
 * Idempotency rests on the unique partial index `(trigger_id, idempotency_key) where dedupe_open`: an insert
 * that meets a slot held by an uncommitted delivery waits for it (ON CONFLICT), then sees it committed (a
 * repeat) or rolled back (and inserts). Of two repeats in one batch the first takes the slot and the second,
 * refused, finds it held by the first. A holder older than the window loses its slot (closed, then taken).
 */
async function insertDeliveries(db: Queryable, entries: readonly IntakeEntry[]): Promise<AcceptOutcome[]> {
  const outcomes: AcceptOutcome[] = [];
  // In slot order: two batches taking the same slots wait for each other in one order, never in a cycle.
  let pending = entries.map((_, index) => index).sort((a, b) => compareSlots(entries[a], entries[b]));
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && pending.length > 0; attempt++) {
    const rows = pending.map((index) => deliveryInsertValues((entries[index] as IntakeEntry).delivery));
    const inserted = new Set(
      await insertDeliveryRows(
        db,
        rows,
        ' on conflict (trigger_id, idempotency_key) where dedupe_open do nothing',
      ),
    );
    const refused: number[] = [];
    for (const index of pending) {
      if (inserted.has((entries[index] as IntakeEntry).delivery.id)) outcomes[index] = { stored: true };
      else refused.push(index);
    }
    pending = [];
    if (refused.length === 0) break;
    const holders = await slotHolders(
      db,
      refused.map((index) => (entries[index] as IntakeEntry).delivery),
    );
    const expired = new Set<string>();
    for (const index of refused) {
      const { delivery, windowSeconds } = entries[index] as IntakeEntry;
      const holder = holders.get(slotOf(delivery));
      if (!holder)
        pending.push(index); // closed meanwhile: the slot is free again
      else if (holder.receivedAt.getTime() > delivery.receivedAt.getTime() - windowSeconds * 1000) {
        outcomes[index] = { stored: false, original: holder.original };
      } else {
        expired.add(holder.original.deliveryId);
        pending.push(index);
      }
    }
    // Row locks: of instances closing the same slot one wins, the others find it closed.
    if (expired.size > 0) {
      await db.query(
        'update webhook_deliveries set dedupe_open = false where id = any($1::uuid[]) and dedupe_open',
        [[...expired]],
      );
    }
  }
  if (pending.length > 0) throw new Error('an idempotency slot kept changing hands; giving up');
  return outcomes;
}

async function insertDeliveryRows(db: Queryable, rows: unknown[][], conflict: string): Promise<string[]> {
  const params = new SqlParameters();
  const inserted = await db.query<{ id: string }>(
    `insert into webhook_deliveries (${DELIVERY_INSERT_COLUMNS})
     values ${valuesList(rows, DELIVERY_INSERT_CASTS, params)}${conflict} returning id`,
    params.values,
  );
  return inserted.map((row) => row.id);
}

async function slotHolders(
  db: Queryable,
  refused: readonly Delivery[],
): Promise<Map<string, { original: OriginalDelivery; receivedAt: Date }>> {
  const rows = await db.query<{
    id: string;
    run_id: string | null;
    received_at: string;
    trigger_id: string;
    idempotency_key: string;
  }>(
    `select id, run_id, received_at, trigger_id, idempotency_key from webhook_deliveries
      where dedupe_open and (trigger_id, idempotency_key) in (select * from unnest($1::uuid[], $2::text[]))`,
    [refused.map((d) => d.triggerId), refused.map((d) => d.idempotencyKey)],
  );
  return new Map(
    rows.map((row) => [
      `${row.trigger_id}/${row.idempotency_key}`,
      { original: { deliveryId: row.id, runId: row.run_id }, receivedAt: new Date(row.received_at) },
    ]),
  );
}

/**
 * The runs, admitted to their concurrency groups first (each group's admissions serialised on its advisory
 * lock, taken in name order), then inserted with their status events in two statements. Admission works on
 * copies: the entries stay as handed over for a retry.
 */
async function insertRuns(db: Queryable, entries: readonly IntakeEntry[]): Promise<void> {
  const runs = entries.map((entry) => new Run(entry.run));
  const capped = Map.groupBy(
    runs.filter((run) => run.concurrencyKey !== null),
    concurrencyGroup,
  );
  for (const group of [...capped.keys()].sort()) {
    const members = capped.get(group) as Run[];
    await db.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [group]);
    const [row] = await db.query<{ taken: number }>(
      'select count(*)::int as taken from runs where mission_id = $1 and concurrency_key = $2 and admitted',
      [members[0]?.missionId, members[0]?.concurrencyKey],
    );
    let taken = row?.taken ?? 0;
    for (const run of members) if (run.admit(taken)) taken++;
  }
  // Each run's event counter is written with it, to match the status events inserted next.
  const rows = runs.map((run, index) => [...runInsertValues(run), entries[index]?.statusChanges.length ?? 0]);
  const params = new SqlParameters();
  await db.query(
    `insert into runs (${RUN_INSERT_COLUMNS}, events_seq)
     values ${valuesList(rows, [...RUN_INSERT_CASTS, ''], params)}`,
    params.values,
  );
  await insertStatusEvents(db, entries);
}

/**
 * Each new run's status events, numbered from 1. Not announced (`pg_notify`): nobody can follow a run before the
 * commit that creates it, which also makes these events visible; and each notification costs every committing
 * transaction a turn on PostgreSQL's one notification queue.
 */
async function insertStatusEvents(db: Queryable, entries: readonly IntakeEntry[]): Promise<void> {
  const events = entries.flatMap((entry) =>
    entry.statusChanges.map((change, index) => ({
      runId: entry.run.id,
      seq: index + 1,
      ...statusEvent(change),
    })),
  );
  if (events.length === 0) return;
  await db.query(
    `insert into run_events (run_id, seq, type, level, message, data, at, bytes)
     select * from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[],
                          $8::int[])`,
    [events.map((event) => event.runId), events.map((event) => event.seq), ...eventColumnArrays(events)],
  );
}

const slotOf = (delivery: Delivery) => `${delivery.triggerId}/${delivery.idempotencyKey}`;

function compareSlots(a: IntakeEntry | undefined, b: IntakeEntry | undefined): number {
  const left = a ? slotOf(a.delivery) : '';
  const right = b ? slotOf(b.delivery) : '';
  return left < right ? -1 : left > right ? 1 : 0;
}
