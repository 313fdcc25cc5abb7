import type { Logger } from 'pino';
import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { DeliveryRepository } from '../../../application/triggers/ports/delivery-repository.ts';
import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import { valuesList } from '../../platform/postgres/insert-rows.ts';
import { afterPosition, toPage } from '../../platform/postgres/keyset.ts';
import type { PostgresDatabase } from '../../platform/postgres/postgres-database.ts';
import { SqlParameters } from '../../platform/postgres/sql-parameters.ts';
import {
  DELIVERY_INSERT_CASTS,
  DELIVERY_INSERT_COLUMNS,
  type DeliveryRow,
  deliveryInsertValues,
  logEntryRow,
  SUMMARY_COLUMNS,
  type SummaryRow,
  toDelivery,
  toSummary,
} from './delivery-rows.ts';

/**
 * The `webhook_deliveries` table (SQL, joining the surrounding unit of work). Accepted deliveries come in
 * through PostgresDeliveryIntake (with their idempotency slots); this stores the log entries and reads.
 */
export class PostgresDeliveryRepository implements DeliveryRepository {
  readonly #db: PostgresDatabase;
  readonly #logger: Logger;

  constructor({ db, logger }: { db: PostgresDatabase; logger: Logger }) {
    this.#db = db;
    this.#logger = logger;
  }

  async addLogEntry(entry: DeliverySummary): Promise<void> {
    try {
      const params = new SqlParameters();
      const values = valuesList([deliveryInsertValues(logEntryRow(entry))], DELIVERY_INSERT_CASTS, params);
      await this.#db.query(
        `insert into webhook_deliveries (${DELIVERY_INSERT_COLUMNS}) values ${values}`,
        params.values,
      );
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
}
