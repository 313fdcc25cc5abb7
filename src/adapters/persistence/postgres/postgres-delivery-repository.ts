import type { Logger } from 'pino';
import type {
  AcceptOutcome,
  DeliveryRepository,
  OriginalDelivery,
} from '../../../application/ports/delivery-repository.ts';
import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import {
  type DeliveryRow,
  SUMMARY_COLUMNS,
  type SummaryRow,
  toDelivery,
  toSummary,
} from './delivery-rows.ts';
import { afterPosition, toPage } from './keyset.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { SqlParameters } from './sql-parameters.ts';

const INSERT_COLUMNS = `id, trigger_id, status, reason, received_at, source_ip, size_bytes, content_type, headers,
  query, body, signature_scheme, idempotency_key, dedupe_open, duplicate_of, run_id`;
const INSERT_VALUES = '$1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15, $16';
/** A slot can be closed by a concurrent request between our insert and select: try again, a few times. */
const MAX_ATTEMPTS = 4;

/**
 * The `webhook_deliveries` table (SQL, joining the surrounding unit of work). Idempotency rests on the
 * unique partial index `(trigger_id, idempotency_key) where dedupe_open`: an insert that meets a slot held
 * by an uncommitted delivery waits for it (PostgreSQL's ON CONFLICT), then either sees it committed (a
 * duplicate) or rolled back (and inserts).
 */
export class PostgresDeliveryRepository implements DeliveryRepository {
  readonly #db: PostgresDatabase;
  readonly #logger: Logger;

  constructor({ db, logger }: { db: PostgresDatabase; logger: Logger }) {
    this.#db = db;
    this.#logger = logger;
  }

  async addAccepted(delivery: Delivery, windowSeconds: number): Promise<AcceptOutcome> {
    const key = delivery.idempotencyKey;
    if (key === null) {
      await this.#insert(delivery, false);
      return { stored: true };
    }
    const windowStart = new Date(delivery.receivedAt.getTime() - windowSeconds * 1000);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      if (await this.#insert(delivery, true)) return { stored: true };
      const holder = await this.#slotHolder(delivery.triggerId, key);
      if (!holder) continue; // closed meanwhile: the slot is free again
      if (holder.receivedAt > windowStart) return { stored: false, original: holder.original };
      // The holder is older than the window: close its slot (row lock: one closer wins), then take it.
      await this.#db.query(
        'update webhook_deliveries set dedupe_open = false where id = $1 and dedupe_open',
        [holder.original.deliveryId],
      );
    }
    throw new Error('the idempotency slot kept changing hands; giving up');
  }

  async addLogEntry(entry: DeliverySummary): Promise<void> {
    try {
      await this.#insert({ ...entry, headers: {}, query: {}, body: null }, false);
    } catch (error) {
      this.#logger.warn(
        { err: error, deliveryId: entry.id, status: entry.status },
        'delivery log entry lost',
      );
      throw error;
    }
  }

  async findById(id: string): Promise<Delivery | undefined> {
    const [row] = await this.#db.query<DeliveryRow>(
      `select ${SUMMARY_COLUMNS}, headers, query, body from webhook_deliveries where id = $1`,
      [id],
    );
    return row && toDelivery(row);
  }

  async listForTrigger(
    triggerId: string,
    filter: { readonly status?: DeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<DeliverySummary>> {
    const params = new SqlParameters();
    let where = `trigger_id = ${params.add(triggerId)}`;
    if (filter.status !== undefined) where += ` and status = ${params.add(filter.status)}`;
    where += afterPosition('received_at, id', page, 'desc', params);
    const rows = await this.#db.query<SummaryRow>(
      `select ${SUMMARY_COLUMNS} from webhook_deliveries where ${where}
        order by received_at desc, id desc limit ${params.add(page.limit + 1)}`,
      params.values,
    );
    return toPage(rows.map(toSummary), page.limit, (entry) => ({
      createdAt: entry.receivedAt,
      id: entry.id,
    }));
  }

  async purgeReceivedBefore(cutoff: Date, batchSize: number): Promise<{ bodies: number; entries: number }> {
    // SKIP LOCKED: instances purging at the same time split the work instead of queueing on row locks.
    const bodies = await this.#db.query(
      `update webhook_deliveries set body = null, body_purged_at = now()
        where id in (select id from webhook_deliveries where body is not null and received_at < $1
                      order by received_at limit $2 for update skip locked)
        returning id`,
      [cutoff, batchSize],
    );
    const entries = await this.#db.query(
      `delete from webhook_deliveries
        where id in (select id from webhook_deliveries where status <> 'accepted' and received_at < $1
                      order by received_at limit $2 for update skip locked)
        returning id`,
      [cutoff, batchSize],
    );
    return { bodies: bodies.length, entries: entries.length };
  }

  /** True when stored; false when a keyed insert met a held slot (nothing stored). */
  async #insert(delivery: Delivery, takeSlot: boolean): Promise<boolean> {
    const conflict = takeSlot
      ? ' on conflict (trigger_id, idempotency_key) where dedupe_open do nothing'
      : '';
    const rows = await this.#db.query(
      `insert into webhook_deliveries (${INSERT_COLUMNS}) values (${INSERT_VALUES})${conflict} returning id`,
      [
        delivery.id,
        delivery.triggerId,
        delivery.status,
        delivery.reason,
        delivery.receivedAt,
        delivery.sourceIp,
        delivery.sizeBytes,
        delivery.contentType,
        delivery.status === 'accepted' ? JSON.stringify(delivery.headers) : null,
        delivery.status === 'accepted' ? JSON.stringify(delivery.query) : null,
        delivery.body === null
          ? null
          : Buffer.from(delivery.body.buffer, delivery.body.byteOffset, delivery.body.byteLength),
        delivery.signatureScheme,
        delivery.idempotencyKey,
        takeSlot,
        delivery.duplicateOf,
        delivery.runId,
      ],
    );
    return rows.length === 1;
  }

  async #slotHolder(
    triggerId: string,
    key: string,
  ): Promise<{ original: OriginalDelivery; receivedAt: Date } | undefined> {
    const [row] = await this.#db.query<{ id: string; run_id: string | null; received_at: string }>(
      'select id, run_id, received_at from webhook_deliveries where trigger_id = $1 and idempotency_key = $2 and dedupe_open',
      [triggerId, key],
    );
    return (
      row && { original: { deliveryId: row.id, runId: row.run_id }, receivedAt: new Date(row.received_at) }
    );
  }
}
