import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import type { Page, PageRequest } from '../../kernel/ports/page.ts';

/** The accepted delivery a repeat refers to. */
export interface OriginalDelivery {
  readonly deliveryId: string;
  /** Null only when that run was deleted since. */
  readonly runId: string | null;
}

export type AcceptOutcome =
  | { readonly stored: true }
  | { readonly stored: false; readonly original: OriginalDelivery };

/** The webhook delivery log and the raw bodies of accepted deliveries (stored by the DeliveryIntake). */
export interface DeliveryRepository {
  /** Stores a log entry for a duplicate or a rejected delivery: metadata only. */
  addLogEntry(entry: DeliverySummary): Promise<void>;
  /** The delivery with its headers, query and body (empty and null for log entries and purged bodies). */
  findById(id: string): Promise<Delivery | undefined>;
  /** The trigger's deliveries (one status when given), newest first: ordered by (receivedAt, id) descending. */
  listForTrigger(
    triggerId: string,
    filter: { readonly status?: DeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<DeliverySummary>>;
}
