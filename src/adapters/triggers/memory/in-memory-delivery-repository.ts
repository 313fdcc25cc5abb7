import type { Page, PageRequest } from '../../../application/kernel/ports/page.ts';
import type { DeliveryRepository } from '../../../application/triggers/ports/delivery-repository.ts';
import type { Delivery, DeliveryStatus, DeliverySummary } from '../../../domain/triggers/delivery.ts';
import { pageOf } from '../../platform/memory/in-memory-page.ts';
import { inMemoryRepository } from '../../platform/memory/in-memory-repository.ts';
import { triggerTables } from './trigger-tables.ts';

/** The delivery log in the store (accepted deliveries come in through InMemoryDeliveryIntake). */
export class InMemoryDeliveryRepository
  extends inMemoryRepository(triggerTables)
  implements DeliveryRepository
{
  addLogEntry(entry: DeliverySummary): Promise<void> {
    return this.atomically(() =>
      this.tables.deliveries.put({ ...entry, headers: {}, query: {}, body: null }),
    );
  }

  findById(id: string): Promise<Delivery | undefined> {
    return this.atomically((tables) => tables.deliveries.get(id));
  }

  listForTrigger(
    triggerId: string,
    filter: { readonly status?: DeliveryStatus | undefined },
    page: PageRequest,
  ): Promise<Page<DeliverySummary>> {
    return this.atomically(() => {
      const matching = this.tables.deliveries.filter(
        (d) => d.triggerId === triggerId && (filter.status === undefined || d.status === filter.status),
      );
      const result = pageOf(matching, (d) => ({ createdAt: d.receivedAt, id: d.id }), page, 'desc');
      return { items: result.items.map(summary), next: result.next };
    });
  }
}

/** The log's view of a delivery: metadata only, as the SQL's summary columns. */
function summary({ headers: _headers, query: _query, body: _body, ...rest }: Delivery): DeliverySummary {
  return rest;
}
