import type { QueryValues } from '../../../domain/runs/index.ts';
import type {
  Delivery,
  DeliveryStatus,
  DeliverySummary,
  RejectionReason,
  SignatureScheme,
} from '../../../domain/triggers/delivery.ts';

// The rows of `webhook_deliveries` as PostgresDeliveryRepository reads them, and their mapping.

export interface SummaryRow {
  readonly id: string;
  readonly trigger_id: string;
  readonly status: DeliveryStatus;
  readonly reason: RejectionReason | null;
  readonly received_at: string;
  readonly source_ip: string | null;
  readonly size_bytes: number;
  readonly content_type: string | null;
  readonly signature_scheme: SignatureScheme | null;
  readonly idempotency_key: string | null;
  readonly duplicate_of: string | null;
  readonly run_id: string | null;
  readonly body_purged_at: string | null;
}

export interface DeliveryRow extends SummaryRow {
  readonly headers: Record<string, string> | null;
  readonly query: QueryValues | null;
  readonly body: Buffer | null;
}

export const SUMMARY_COLUMNS = `id, trigger_id, status, reason, received_at, source_ip, size_bytes::float8 as size_bytes,
  content_type, signature_scheme, idempotency_key, duplicate_of, run_id, body_purged_at`;

export function toSummary(row: SummaryRow): DeliverySummary {
  return {
    id: row.id,
    triggerId: row.trigger_id,
    status: row.status,
    reason: row.reason,
    receivedAt: new Date(row.received_at),
    sourceIp: row.source_ip,
    sizeBytes: Number(row.size_bytes),
    contentType: row.content_type,
    signatureScheme: row.signature_scheme,
    idempotencyKey: row.idempotency_key,
    duplicateOf: row.duplicate_of,
    runId: row.run_id,
    bodyPurgedAt: row.body_purged_at === null ? null : new Date(row.body_purged_at),
  };
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    ...toSummary(row),
    headers: row.headers ?? {},
    query: row.query ?? {},
    body: row.body === null ? null : new Uint8Array(row.body),
  };
}

// A delivery (or a log entry, with no headers, query nor body) as a `webhook_deliveries` row to insert.

export const DELIVERY_INSERT_COLUMNS = `id, trigger_id, status, reason, received_at, source_ip, size_bytes, content_type,
  headers, query, body, signature_scheme, idempotency_key, dedupe_open, duplicate_of, run_id`;

export const DELIVERY_INSERT_CASTS: readonly string[] = [
  ...['', '', '', '', '', '', '', ''],
  ...['::jsonb', '::jsonb', '', '', '', '', '', ''],
];

/** An accepted delivery with a key takes its idempotency slot (`dedupe_open`); nothing else holds one. */
export function deliveryInsertValues(delivery: Delivery): unknown[] {
  const accepted = delivery.status === 'accepted';
  return [
    delivery.id,
    delivery.triggerId,
    delivery.status,
    delivery.reason,
    delivery.receivedAt,
    delivery.sourceIp,
    delivery.sizeBytes,
    delivery.contentType,
    accepted ? JSON.stringify(delivery.headers) : null,
    accepted ? JSON.stringify(delivery.query) : null,
    delivery.body === null
      ? null
      : Buffer.from(delivery.body.buffer, delivery.body.byteOffset, delivery.body.byteLength),
    delivery.signatureScheme,
    delivery.idempotencyKey,
    accepted && delivery.idempotencyKey !== null,
    delivery.duplicateOf,
    delivery.runId,
  ];
}

/** A log entry (a duplicate, a rejection) as the row of `deliveryInsertValues`: metadata only. */
export function logEntryRow(entry: DeliverySummary): Delivery {
  return { ...entry, headers: {}, query: {}, body: null };
}
