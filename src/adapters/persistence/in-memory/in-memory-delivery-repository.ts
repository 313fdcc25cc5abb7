import type { AcceptOutcome, DeliveryRepository } from '../../../application/ports/delivery-repository.ts';
import type { Page, PageRequest } from '../../../application/ports/page.ts';
import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import { pageOf } from './in-memory-page.ts';

/** Deliveries in a Map. The idempotency check and the insert run with no await between them (atomic). */
export class InMemoryDeliveryRepository implements DeliveryRepository {
  readonly #deliveries = new Map<string, Delivery>();

  async addAccepted(delivery: Delivery, windowSeconds: number): Promise<AcceptOutcome> {
    const key = delivery.idempotencyKey;
    if (key !== null) {
      const windowStart = delivery.receivedAt.getTime() - windowSeconds * 1000;
      const original = [...this.#deliveries.values()].find(
        (d) =>
          d.status === 'accepted' &&
          d.triggerId === delivery.triggerId &&
          d.idempotencyKey === key &&
          d.receivedAt.getTime() > windowStart,
      );
      if (original) return { stored: false, original: { deliveryId: original.id, runId: original.runId } };
    }
    this.#deliveries.set(delivery.id, { ...delivery });
    return { stored: true };
  }

  async addLogEntry(entry: DeliverySummary): Promise<void> {
    this.#deliveries.set(entry.id, { ...entry, headers: {}, query: {}, body: null });
  }

  async findById(id: string): Promise<Delivery | undefined> {
    const found = this.#deliveries.get(id);
    return found && { ...found };
  }

  async listForTrigger(
    triggerId: string,
    filter: { readonly status?: DeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<DeliverySummary>> {
    const matching = [...this.#deliveries.values()].filter(
      (d) => d.triggerId === triggerId && (filter.status === undefined || d.status === filter.status),
    );
    return pageOf(matching, (d) => ({ createdAt: d.receivedAt, id: d.id }), page, 'desc');
  }

  async purgeReceivedBefore(cutoff: Date, batchSize: number): Promise<{ bodies: number; entries: number }> {
    let bodies = 0;
    let entries = 0;
    for (const [id, delivery] of this.#deliveries) {
      if (delivery.receivedAt >= cutoff) continue;
      if (delivery.status !== 'accepted' && entries < batchSize) {
        this.#deliveries.delete(id);
        entries++;
      } else if (delivery.body !== null && bodies < batchSize) {
        this.#deliveries.set(id, { ...delivery, body: null, bodyPurgedAt: cutoff });
        bodies++;
      }
    }
    return { bodies, entries };
  }
}
