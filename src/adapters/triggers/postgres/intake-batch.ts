import type {
  AcceptOutcome,
  OriginalDelivery,
} from '../../../application/triggers/ports/delivery-repository.ts';
import { type Delivery, duplicateOf } from '../../../domain/triggers/delivery.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import { insertNewRuns, type NewRun } from '../../runs/index.ts';
import {
  DELIVERY_INSERT_CASTS,
  DELIVERY_INSERT_COLUMNS,
  deliveryInsertValues,
  logEntryRow,
} from './delivery-rows.ts';

/** One delivery handed to the intake: never changed, so a batch that fails can be tried again from it. */
export interface IntakeEntry extends NewRun {
  readonly delivery: Delivery;
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
  if (stored.length > 0) await insertNewRuns(db, stored);
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

const slotOf = (delivery: Delivery) => `${delivery.triggerId}/${delivery.idempotencyKey}`;

function compareSlots(a: IntakeEntry | undefined, b: IntakeEntry | undefined): number {
  const left = a ? slotOf(a.delivery) : '';
  const right = b ? slotOf(b.delivery) : '';
  return left < right ? -1 : left > right ? 1 : 0;
}
